-- AlterTable
ALTER TABLE "Collection" ADD COLUMN "tableName" TEXT;

-- AlterTable
ALTER TABLE "IngestionJob" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'ingest';
