import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINGER_MS, lingerAfterRefusals } from "@/lib/http/lingering-close";
import { streamBody } from "../helpers/stream-body";

/**
 * A refusal answered before the body is read (as lib/http/respond.ts answers one: the status and
 * `Connection: close`) reaches a client that is still sending, and the server reads no more of
 * the body for it. Without the lingering close the server's reset could beat the answer to the
 * client (e2e/hostile.spec.ts saw every one of eight anonymous bodies end in a reset under load).
 */

const MB = 1024 * 1024;
let server: http.Server;
let port = 0;
/** Per refused connection, by the client's port: bytes the server had read when its answer went out, and when it closed. */
const closed = new Map<number, { atAnswer: number; atClose: number; lingeredMs: number }>();

beforeAll(async () => {
  lingerAfterRefusals();
  server = http.createServer((req, res) => {
    const socket = req.socket;
    res.on("finish", () => {
      const atAnswer = socket.bytesRead;
      const answeredAt = Date.now();
      const client = socket.remotePort ?? 0;
      socket.once("close", () => closed.set(client, { atAnswer, atClose: socket.bytesRead, lingeredMs: Date.now() - answeredAt }));
    });
    res.writeHead(401, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify({ error: "Sign in first" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("lingering close after a refusal", () => {
  it("lets every client still sending read its 401, rounds of eight at once", async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => streamBody(port, "/api/chat", 64, { "transfer-encoding": "chunked" })),
      );
      for (const result of results) expect(result).toMatchObject({ status: 401 });
      for (const { sentMb } of results) expect(sentMb).toBeLessThan(64);
    }
  });

  it("reads no more of the body after answering, and closes the connection within LINGER_MS", async () => {
    // A client that ignores the answer and its half-close, and keeps sending.
    const ignoring = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let pushedMb = 0;
    let clientPort = -1;
    ignoring.on("connect", () => {
      clientPort = ignoring.localPort ?? -1;
      ignoring.write("POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
      const chunk = Buffer.concat([Buffer.from(`${MB.toString(16)}\r\n`), Buffer.alloc(MB, 0x20), Buffer.from("\r\n")]);
      const pump = () => {
        while (!ignoring.destroyed && pushedMb < 4096) {
          pushedMb++;
          if (!ignoring.write(chunk)) return void ignoring.once("drain", pump);
        }
      };
      pump();
    });
    let answer = "";
    ignoring.on("data", (d: Buffer) => (answer += d.toString("latin1")));
    const started = Date.now();
    await new Promise((resolve) => ignoring.on("close", resolve).on("error", () => undefined));
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(Date.now() - started).toBeLessThan(LINGER_MS + 2000);
    await expect.poll(() => closed.has(clientPort)).toBe(true);
    const { atAnswer, atClose, lingeredMs } = closed.get(clientPort)!;
    expect(lingeredMs).toBeGreaterThanOrEqual(LINGER_MS - 50);
    // What was in flight when reading stopped, not what the client kept sending for two seconds.
    expect((atClose - atAnswer) / MB).toBeLessThan(8);
    expect(pushedMb).toBeLessThan(64);
  });
});
