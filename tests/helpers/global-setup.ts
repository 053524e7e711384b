import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopClustersUnder } from "./postgres";

/**
 * Vitest's global setup: the throwaway PostgreSQL clusters of this run live in a folder of its
 * own, and whatever a crashed test left serving there is stopped when the run ends. (Only this
 * run's: other runs on the machine keep theirs.)
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), "docchat-test-run-"));
  chmodSync(root, 0o777);
  process.env.DOCCHAT_TEST_PG_ROOT = root;
  return () => stopClustersUnder(root);
}
