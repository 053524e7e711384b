-- Chats belong to whoever started them; existing chats to the one local user.
ALTER TABLE "Chat" ADD COLUMN "ownerId" TEXT NOT NULL DEFAULT 'anonymous';
CREATE INDEX "Chat_ownerId_idx" ON "Chat"("ownerId");
-- Remote ERI sources are for admins until one is shared with chat users.
ALTER TABLE "EriSource" ADD COLUMN "sharedWithUsers" BOOLEAN NOT NULL DEFAULT false;
