/**
 * The instances the e2e config starts beside the open one. The protected one (ADMIN_TOKEN and CHAT_TOKEN
 * set): its address and the tokens, which are the tests' own.
 */
export const OPEN_PORT = Number(process.env.E2E_PORT ?? 3100);
export const PROTECTED_PORT = OPEN_PORT + 1;
export const PROTECTED_URL = `http://127.0.0.1:${PROTECTED_PORT}`;
/** A third instance keeping originals in object storage: the local S3 server beside it. */
export const STORAGE_PORT = OPEN_PORT + 2;
export const STORAGE_URL = `http://127.0.0.1:${STORAGE_PORT}`;
export const S3_PORT = OPEN_PORT + 3;
export const S3_URL = `http://127.0.0.1:${S3_PORT}`;
export const ADMIN_TOKEN = "e2e-admin-token-0123456789";
export const CHAT_TOKEN = "e2e-chat-token-0123456789";
