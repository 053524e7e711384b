import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The Northwind evaluation set: PDFs plus questions with page-level reference citations. */

export interface GroundTruth {
  question: string;
  truth: string;
  citations: string[];
}

/** The scripts' flags that take a value (the others, like --details, are switches). */
const VALUE_FLAGS = new Set(["--url", "--runs", "--chunks", "--split", "--peer", "--corpus"]);

/** The dataset folder named on the command line, else the default; it may not exist. */
export function datasetPath(argv = process.argv.slice(2)): string {
  // The first argument that is neither a --flag nor a flag's value.
  const given = argv.find((a, i) => !a.startsWith("--") && !VALUE_FLAGS.has(argv[i - 1]));
  return path.resolve(given ?? path.join(process.cwd(), "..", "shared", "eval", "northwind"));
}

export const hasDataset = (dir: string) => existsSync(path.join(dir, "ground_truth.jsonl"));

export function datasetDir(argv = process.argv.slice(2)): string {
  const dir = datasetPath(argv);
  if (!hasDataset(dir)) {
    console.error(
      `Northwind dataset not found at ${dir}.\nPass the folder holding the six PDFs and ground_truth.jsonl, e.g.\n  npm run ${process.env.npm_lifecycle_event ?? "eval"} -- /path/to/northwind`,
    );
    process.exit(2);
  }
  return dir;
}

export function loadQuestions(dir: string): GroundTruth[] {
  return readFileSync(path.join(dir, "ground_truth.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { question: string; truth: string })
    .map((q) => ({ ...q, citations: [...q.truth.matchAll(/\[([^\]]+?\.pdf#page=\d+)\]/g)].map((m) => m[1]) }));
}

export function pdfFiles(dir: string): { name: string; path: string; size: number }[] {
  return readdirSync(dir)
    .filter((n) => n.toLowerCase().endsWith(".pdf"))
    .sort()
    .map((name) => ({ name, path: path.join(dir, name), size: statSync(path.join(dir, name)).size }));
}

/** A temporary data directory, removed when the script exits (a 1M-chunk bench leaves ~10 GB). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
