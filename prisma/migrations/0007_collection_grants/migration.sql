-- Who may read or edit a collection; existing collections have none and stay open to every reader.
CREATE TABLE "CollectionGrant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "collectionName" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "access" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CollectionGrant_collectionName_fkey" FOREIGN KEY ("collectionName") REFERENCES "Collection" ("name") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "CollectionGrant_collectionName_subjectType_subjectId_key" ON "CollectionGrant"("collectionName", "subjectType", "subjectId");
CREATE INDEX "CollectionGrant_subjectType_subjectId_idx" ON "CollectionGrant"("subjectType", "subjectId");
