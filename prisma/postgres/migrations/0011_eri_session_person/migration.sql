-- An ERI server login made with a personal API key reads as that key's person (lib/eri/server/sessions.ts).
ALTER TABLE "EriSession" ADD COLUMN "apiKeyId" TEXT;
