import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildIsStale } from "../build-stale.mjs";

/** Starts the production server on a free port against a given data directory. */

const root = process.cwd();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Resident memory of a process and its descendants, in MB, from /proc. */
export function rssMb(pid: number): number {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return own + children.reduce((sum, child) => sum + rssMb(child), 0);
}

export interface RunningServer {
  url: string;
  /** The server's process id (for its memory figures). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The OPENAI_* variables are blanked (the offline, extractive answers) unless `model` is set:
 * then the server gets this process's, so a model configured here answers.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { model?: boolean } = {},
): Promise<RunningServer> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (buildIsStale(root, distDir)) {
    console.log("No production build of the current sources: building…");
    const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(options.model ? {} : { OPENAI_API_KEY: "", OPENAI_BASE_URL: "" }),
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${url}/v1/knowledge/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Uploads files to a collection over HTTP and polls the job until it ends; returns seconds taken. */
export async function uploadAndWait(url: string, collection: string, files: { name: string; data: Uint8Array; type?: string }[]) {
  const started = performance.now();
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.data as BlobPart], { type: f.type ?? "application/pdf" }), f.name);
  const res = await fetch(`${url}/v1/collections/${collection}/documents`, { method: "POST", body: form });
  if (res.status !== 202) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const { job_id } = (await res.json()) as { job_id: string };
  for (;;) {
    const status = (await (await fetch(`${url}/v1/documents/${job_id}/status`)).json()) as { is_terminal: boolean; status: string };
    if (status.is_terminal) return { seconds: (performance.now() - started) / 1000, status };
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function createCollection(url: string, name: string) {
  const res = await fetch(`${url}/v1/collections`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`create collection failed: ${res.status} ${await res.text()}`);
}

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/**
 * One chat stream over HTTP: time to its first NDJSON line and to its end, the answer its
 * deltas spell, the context's answer mode, and its error if any.
 */
export async function streamChat(url: string, collection: string, messages: ChatMessage[]) {
  const t = performance.now();
  const res = await fetch(`${url}/api/chat/stream`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messages, context: { overrides: { collections: [collection] } } }),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstLine = NaN;
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstLine) && buffered.includes("\n")) firstLine = performance.now() - t;
  }
  const full = performance.now() - t;
  if (res.status !== 200) return { firstLine, full, answer: "", answerMode: undefined, passages: [], error: `HTTP ${res.status}` };
  let answer = "";
  let answerMode: string | undefined;
  let passages: string[] = [];
  let error: string | null = null;
  for (const line of buffered.trim().split("\n")) {
    const event = JSON.parse(line) as {
      delta?: { content?: string };
      context?: { answer_mode?: string; data_points?: { text?: string[] } };
      error?: string;
    };
    answer += event.delta?.content ?? "";
    answerMode ??= event.context?.answer_mode;
    passages = event.context?.data_points?.text ?? passages;
    if (event.error) error = event.error;
  }
  return { firstLine, full, answer, answerMode, passages, error };
}

/** One single-question chat stream over HTTP: time to its first NDJSON line and to its end, and its error if any. */
export async function timeStream(url: string, collection: string, question: string) {
  const { firstLine, full, error } = await streamChat(url, collection, [{ role: "user", content: question }]);
  return { firstLine, full, error };
}
