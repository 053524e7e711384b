// Strips the symbol tables from LanceDB's Linux native library after install: the published
// lancedb.linux-x64-gnu.node keeps its Rust symbol tables (.symtab/.strtab, 32 MiB of 193 MiB),
// which nothing loads at run time (Node resolves the N-API entry points through the dynamic
// symbol table, which stays); only panic backtraces lose function names. It is what brings the
// two functions that ingest (LanceDB, the PDF reader and the OCR models) under 225 MiB on Vercel
// (`npm run check:bundle`). Needs `strip` (binutils); without it the library is left as is.
// The stripped copy replaces the file by rename, so a hard-linked original (npm's cache, another
// checkout) is left untouched. Idempotent: a library that does not shrink is kept.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const scope = path.join(root, "node_modules/@lancedb");
if (process.platform !== "linux" || !existsSync(scope)) process.exit(0);

const libraries = readdirSync(scope)
  .filter((dir) => dir.startsWith("lancedb-linux-"))
  .flatMap((dir) =>
    readdirSync(path.join(scope, dir))
      .filter((f) => f.endsWith(".node"))
      .map((f) => path.join(scope, dir, f)),
  );
for (const library of libraries) {
  const stripped = `${library}.stripped`;
  const run = spawnSync("strip", ["--strip-all", "-o", stripped, library], { stdio: ["ignore", "ignore", "pipe"] });
  if (run.error || run.status !== 0) {
    rmSync(stripped, { force: true });
    const why = run.error ? "strip (binutils) not found" : run.stderr.toString().trim();
    console.warn(`strip-native: ${path.relative(root, library)} left unstripped: ${why}`);
    continue;
  }
  const before = statSync(library).size;
  const after = statSync(stripped).size;
  if (after < before) {
    renameSync(stripped, library);
    console.log(`strip-native: ${path.relative(root, library)} ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB`);
  } else rmSync(stripped);
}
