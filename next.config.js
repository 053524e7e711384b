// Functions run on linux-x64 glibc (Vercel, the Node images): native builds for other platforms
// that npm installed beside it would double LanceDB's 160 MiB library in a function.
const otherPlatformBinaries = ["node_modules/@lancedb/lancedb-{darwin,win32,linux-arm64,linux-x64-musl}*/**"];

// Ingestion only (upload and cron, see below): PDFium (4 MiB of WebAssembly) reads PDFs and renders
// scanned pages for OCR in the PDF worker (lib/ingest/workers/pdfium.mjs, loaded by path), and the OCR models
// (English 2.8 MiB, French 0.7, German 1.3, Spanish 2.0) are read by path at run time
// (lib/ingest/workers/ocr-pool.ts). Tracing follows neither: the worker is an included file.
const ingestOnly = [
  "./node_modules/@hyzyla/pdfium/package.json",
  "./node_modules/@hyzyla/pdfium/dist/index.esm.js",
  "./node_modules/@hyzyla/pdfium/dist/pdfium.wasm",
  "./node_modules/@tesseract.js-data/eng/4.0.0_best_int/*",
  "./node_modules/@tesseract.js-data/fra/4.0.0_best_int/*",
  "./node_modules/@tesseract.js-data/deu/4.0.0_best_int/*",
  "./node_modules/@tesseract.js-data/spa/4.0.0_best_int/*",
];

// A build made with a PostgreSQL DATABASE_URL (a Vercel deployment: its build sees the same
// variables) leaves the SQLite driver out of every function: better-sqlite3 (2 MiB native), its
// Prisma adapter and Prisma's SQLite query compiler (2.1 MiB) resolve to a stand-in that fails
// clearly if SQLite is used anyway. Any other build keeps both databases.
const postgresBuild = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
const sqliteDriver = [
  "better-sqlite3",
  "@prisma/adapter-better-sqlite3",
  "@prisma/client/runtime/query_compiler_small_bg.sqlite.wasm-base64.mjs",
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds/dev servers run side by side (tests, benches).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native modules that must stay outside the server bundle.
  // tesseract.js starts its worker threads from its own files; PDFium reads its wasm by path.
  serverExternalPackages: ["@lancedb/lancedb", "better-sqlite3", "pg", "tesseract.js", "@hyzyla/pdfium"],
  turbopack: {
    resolveAlias: postgresBuild ? Object.fromEntries(sqliteDriver.map((m) => [m, "./lib/db/sqlite-left-out.mjs"])) : {},
  },
  // PDFium's module is loaded by path at run time (lib/ingest/workers/load-pdfium.ts; the PDF
  // worker itself is bundled), and instrumentation applies the SQL migrations read from prisma/
  // (lib/db/migrate.ts) at every function's start: tracing sees neither, so every server route
  // ships both.
  outputFileTracingIncludes: {
    "/*": ["./lib/ingest/workers/*.mjs", "./prisma/**/migration.sql"],
    // Keys match the route's file path anywhere in it: "/route" keeps the upload's out of the
    // routes below it (stored files' content and images), which do not ingest. The upload
    // ingests after its response (INGEST_WORKER=request); the cron resumes what is left.
    "/v1/collections/\\[name\\]/documents/route": ingestOnly,
    "/api/cron/ingest/route": ingestOnly,
  },
  outputFileTracingExcludes: {
    "/*": otherPlatformBinaries,
    // The chat page renders cited PDF pages in the browser (components/chat/PdfPageView.tsx
    // imports unpdf lazily); no page uses it on the server.
    "/**/page": ["node_modules/unpdf/**"],
  },
  poweredByHeader: false,
  // Polymath clients discover the library host from the home page (lib/polymath/http.ts).
  async headers() {
    return [{ source: "/", headers: [{ key: "Link", value: "</api/polymath>; rel=polymath" }] }];
  },
  // `npm test` type-checks the whole project (tests included) once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Only page requests with a body reach the proxy with it (API requests with a body skip the
    // proxy: see its matcher in proxy.ts), and pages take none: what the proxy buffers of one
    // stays at 1 MB.
    proxyClientMaxBodySize: "1mb",
  },
};
export default nextConfig;
