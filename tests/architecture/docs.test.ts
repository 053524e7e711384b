import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs a newcomer follows stay true: every file or folder docs/architecture.md names
 * exists, each function it names beside a file is in that file, and the links between the docs
 * (and from the README) lead somewhere.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const ARCHITECTURE = "docs/architecture.md";
/** The repository's own folders: a backticked name starting with one of them is a path. */
const FOLDERS = ["lib", "app", "components", "tests", "e2e", "docs", "prisma", "scripts", "public"];
const ROOT_FILE = /^[\w.-]+\.(ts|mjs|js|json)$/;

const backticked = (text: string) => [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);

describe("docs/architecture.md", () => {
  const text = read(ARCHITECTURE);

  it("names only paths that exist", () => {
    const named = backticked(text)
      .map((token) => token.replace(/[#?].*$/, "").replace(/[),;:.]+$/, ""))
      .filter((token) => FOLDERS.some((folder) => token.startsWith(`${folder}/`)) || ROOT_FILE.test(token))
      .filter((token) => !/[<{]/.test(token)); // placeholders: `lib/<protocol>/`
    expect(named.length).toBeGreaterThan(40);
    expect([...new Set(named.filter((p) => !existsSync(path.join(root, p))))]).toEqual([]);
  });

  it("finds each function it names in the file named with it", () => {
    // "`runChat` (`lib/chat/approach.ts`)", "`keepUpload` in `lib/…`", "(`fuse`, `lib/…`)"
    const pairs = [...text.matchAll(/`([A-Za-z_]\w*)(?:\(\))?`(?: \(| in |, )`((?:lib|app)\/[^`]+\.tsx?)`/g)].map((m) => ({
      name: m[1],
      file: m[2],
    }));
    expect(pairs.length).toBeGreaterThan(20);
    const missing = pairs.filter(({ name, file }) => !existsSync(path.join(root, file)) || !new RegExp(`\\b${name}\\b`).test(read(file)));
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
const anchorsIn = (file: string) => new Set([...read(file).matchAll(/^#+\s+(.+)$/gm)].map((m) => anchorOf(m[1].trim())));

describe("links between the docs", () => {
  it("lead to files and headings that exist", () => {
    const docs = [
      "README.md",
      ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ];
    const broken = docs.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1])
        .filter((link) => !/^[a-z]+:/i.test(link))
        .filter((link) => {
          const [target, anchor] = link.split("#");
          const file = target ? path.join(path.dirname(doc), target) : doc;
          if (!existsSync(path.join(root, file))) return true;
          return anchor !== undefined && file.endsWith(".md") && !anchorsIn(file).has(anchor);
        })
        .map((link) => `${doc} → ${link}`),
    );
    expect(broken).toEqual([]);
  });
});
