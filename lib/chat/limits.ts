/** How long one chat message may be: the API refuses longer ones, and the question box says so before sending. */
export const MAX_MESSAGE_CHARS = 20_000;
