-- AlterTable
ALTER TABLE "IngestionJob" ADD COLUMN "heartbeatAt" DATETIME;
