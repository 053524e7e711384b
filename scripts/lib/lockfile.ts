/**
 * package-lock.json as `npm ci` checks it. npm 11.16+ (12.2 too) leaves an optional dependency
 * that the registry does not have (LanceDB 0.39 names platform builds never published at that
 * version) out of the lock it writes, then `npm ci` refuses that lock: "Missing: …@ from lock
 * file" (npm/cli#9846). An entry for it, with its platform fields and no tarball, satisfies
 * `npm ci`; on a platform it fits, the fetch fails and npm skips it as the optional package it is.
 */

export interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

export interface UnrecordedOptional {
  /** Lock path of the package that asks for it ("" for the project). */
  parent: string;
  name: string;
  range: string;
}

/** Where Node (and npm) would find `name` from the package at lock path `from`, if the lock has it. */
export function resolveInLock(lock: Lockfile, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

/** Optional dependencies with no lock entry: each one is a "Missing: … from lock file" of `npm ci`. */
export function unrecordedOptional(lock: Lockfile): UnrecordedOptional[] {
  return Object.entries(lock.packages).flatMap(([parent, entry]) =>
    Object.entries(entry.optionalDependencies ?? {})
      .filter(([name]) => !resolveInLock(lock, parent, name))
      .map(([name, range]) => ({ parent, name, range })),
  );
}

/** The lock entry recording an unpublished optional package: version and platform, no tarball. */
export function placeholderEntry(
  version: string,
  platform: Pick<LockEntry, "os" | "cpu" | "libc" | "license">,
  parent: LockEntry | undefined,
): LockEntry {
  const fields: LockEntry = { ...platform, optional: true, ...(parent?.dev ? { dev: true } : {}) };
  // npm writes the version first and the other fields in alphabetical order.
  const sorted = Object.keys(fields).sort() as (keyof LockEntry)[];
  return { version, ...Object.fromEntries(sorted.map((k) => [k, fields[k]])) };
}

/** Adds entries at the place npm would hoist them (the top, unless taken), keys in npm's order. */
export function withEntries(lock: Lockfile, added: { parent: string; name: string; entry: LockEntry }[]): Lockfile {
  const packages = { ...lock.packages };
  for (const { parent, name, entry } of added) {
    const top = `node_modules/${name}`;
    packages[packages[top] ? `${parent}/node_modules/${name}` : top] = entry;
  }
  const keys = Object.keys(packages).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en")));
  return { ...lock, packages: Object.fromEntries(keys.map((k) => [k, packages[k]])) };
}
