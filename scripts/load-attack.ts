/**
 * Figures under attack, on loopback against a protected production server (ADMIN_TOKEN and
 * CHAT_TOKEN set, fresh data directory):
 *  1. server RSS before, during and after 8 concurrent anonymous chunked 128 MB POSTs to
 *     /api/chat, and the same with the chat token but a declared length over the limit;
 *  2. how long the correct admin takes to log in while other clients flood wrong tokens: one
 *     address flooding, then many addresses flooding.
 *   npm run load:attack [-- --mb 128 --streams 8]
 * Exits 1 if a refusal is not a 401/413 or the admin cannot log in.
 */
import http from "node:http";
import { median, percentile, scratchDir } from "./lib/northwind";
import { rssMb, startServer } from "./lib/server";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const MB = arg("mb", 128);
const STREAMS = arg("streams", 8);
const ADMIN_TOKEN = "load-admin-token-0123456789";
const CHAT_TOKEN = "load-chat-token-0123456789";

/** Sends `mb` MB as fast as the server takes it; resolves when it answers (or drops the connection). */
function streamBody(url: string, path: string, mb: number, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; ms: number; sentMb: number }>((resolve) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const done = (status: number) => {
      if (answered) return;
      answered = true;
      resolve({ status, ms: performance.now() - started, sentMb: sent });
    };
    const req = http.request({ host: hostname, port, path, method: "POST", headers, agent: false }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on("error", () => done(0));
    const pump = () => {
      while (!answered && sent < mb) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** RSS every 100 ms while `work` runs: its peak. */
async function peakRssDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  try {
    return { result: await work, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function bodyFlood(url: string, pid: number, label: string, headers: Record<string, string>, expected: number) {
  const before = rssMb(pid);
  const { result, peak } = await peakRssDuring(
    pid,
    Promise.all(Array.from({ length: STREAMS }, () => streamBody(url, "/api/chat", MB, headers))),
  );
  const after = rssMb(pid);
  await new Promise((r) => setTimeout(r, 5000));
  const later = rssMb(pid);
  const statuses = [...new Set(result.map((r) => r.status))].join(", ");
  console.log(
    `${label}: ${STREAMS} × ${MB} MB → status ${statuses}, answered in ${fmt(result.map((r) => r.ms))}, ` +
      `sent before the answer median ${median(result.map((r) => r.sentMb))} MB; ` +
      `server RSS before ${before.toFixed(0)} MB, peak during ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB, 5 s later ${later.toFixed(0)} MB`,
  );
  return result.every((r) => r.status === expected);
}

const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`;

const login = (url: string, token: string, address?: string) =>
  fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(address ? { "x-forwarded-for": address } : {}) },
    body: JSON.stringify({ token }),
  });

/** Floods wrong logins from `addresses` (in turn, 16 at a time) while timing the admin's logins. */
async function adminDuringFlood(url: string, label: string, addresses: ((i: number) => string) | null, seconds = 5) {
  let stop = !addresses;
  const flooded: number[] = [];
  let next = 0;
  const flooder = async () => {
    while (!stop) flooded.push((await login(url, `guess-${next}`, addresses!(next++))).status);
  };
  const floods = Array.from({ length: 16 }, flooder);
  const times: number[] = [];
  const statuses: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    statuses.push((await login(url, ADMIN_TOKEN)).status);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  stop = true;
  await Promise.all(floods);
  const refused = flooded.filter((s) => s === 429).length;
  console.log(
    `${label}: ${flooded.length} wrong logins in ${seconds} s (${refused} answered 429); ` +
      `admin logins ${statuses.filter((s) => s === 200).length} of ${statuses.length} ok, ${fmt(times)}`,
  );
  return statuses.every((s) => s === 200);
}

async function main() {
  const server = await startServer(scratchDir("docchat-attack-"), { ADMIN_TOKEN, CHAT_TOKEN });
  let ok = true;
  try {
    // Warm the routes the attacks hit, and make the admin a known client (it has signed in).
    await fetch(`${server.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    ok &&= (await login(server.url, ADMIN_TOKEN)).status === 200;
    ok &&= await bodyFlood(
      server.url,
      server.pid,
      "anonymous chunked bodies to /api/chat",
      { "content-type": "application/json", "transfer-encoding": "chunked" },
      401,
    );
    ok &&= await bodyFlood(
      server.url,
      server.pid,
      "chat token, declared over the 1 MB limit",
      { authorization: `Bearer ${CHAT_TOKEN}`, "content-type": "application/json", "content-length": String(MB * 1024 * 1024) },
      413,
    );
    ok &&= await adminDuringFlood(server.url, "no flood (baseline)", null);
    ok &&= await adminDuringFlood(server.url, "one address flooding", () => "203.0.113.7");
    ok &&= await adminDuringFlood(server.url, "many addresses flooding", (i) => `198.51.${(i >> 8) & 255}.${i & 255}`);
  } finally {
    await server.stop();
  }
  if (!ok) {
    console.error("FAILED: a refusal had the wrong status, or the admin could not log in");
    process.exit(1);
  }
}

await main();
