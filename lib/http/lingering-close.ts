import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/**
 * A lingering close (RFC 9112, section 9.6) for a connection closed after an answer given before
 * the request's body was read: the refusals of lib/http/respond.ts (401, 413, with `Connection:
 * close`). Node closes such a connection as soon as the answer is written; with the client's body
 * still arriving, the kernel then resets it, and the reset can reach the client before it has read
 * the answer: it sees "connection reset" instead of why it was refused. Here the server half-closes
 * after the answer and stops reading (TCP flow control holds the client's sending, so nothing more
 * is read or kept), then closes LINGER_MS later, once the client has read the answer.
 */

export const LINGER_MS = 2000;

interface Finished {
  request: IncomingMessage;
  socket?: Socket;
}

function lingeringClose(socket: Socket, request: IncomingMessage): void {
  if (socket.writable) socket.end();
  // Node has just set the unread body flowing, to be discarded; stop reading once that has begun.
  setImmediate(() => {
    request.pause();
    socket.pause();
  });
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

const store = globalThis as unknown as { __docchatLingeringClose?: boolean };

/** For a long-lived server (once per process): a connection closed after an answer given before its body was read lingers. */
export function lingerAfterRefusals(): void {
  if (store.__docchatLingeringClose) return;
  store.__docchatLingeringClose = true;
  subscribe("http.server.response.finish", (message) => {
    const { request, socket } = message as Finished;
    if (!socket || request.complete) return;
    // Published just before Node, when it closes the connection after this answer, calls
    // socket.destroySoon(): lingering replaces that one call.
    socket.destroySoon = () => lingeringClose(socket, request);
    process.nextTick(() => Reflect.deleteProperty(socket, "destroySoon"));
  });
}
