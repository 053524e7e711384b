-- A reader's thumbs up or down (and comment) on an answer; goes with the answer when its chat is deleted.
CREATE TABLE "AnswerFeedback" (
    "messageId" TEXT NOT NULL PRIMARY KEY,
    "rating" INTEGER NOT NULL,
    "comment" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AnswerFeedback_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "ChatMessage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "AnswerFeedback_createdAt_idx" ON "AnswerFeedback"("createdAt");
