/**
 * The protected instance the e2e config starts beside the open one (ADMIN_TOKEN and CHAT_TOKEN
 * set): its address and the tokens, which are the tests' own.
 */
export const OPEN_PORT = Number(process.env.E2E_PORT ?? 3100);
export const PROTECTED_PORT = OPEN_PORT + 1;
export const PROTECTED_URL = `http://127.0.0.1:${PROTECTED_PORT}`;
export const ADMIN_TOKEN = "e2e-admin-token-0123456789";
export const CHAT_TOKEN = "e2e-chat-token-0123456789";
