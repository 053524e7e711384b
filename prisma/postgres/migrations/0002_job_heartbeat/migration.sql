-- AlterTable
ALTER TABLE "IngestionJob" ADD COLUMN "heartbeatAt" TIMESTAMP(3);
