const otherPlatformBinaries = [
  "node_modules/@lancedb/lancedb-{darwin,win32,linux-arm64,linux-x64-musl}*/**",
  "node_modules/@napi-rs/canvas-{darwin,win32,android,linux-arm,linux-riscv,linux-x64-musl}*/**",
];

const canvas = ["./node_modules/@napi-rs/canvas/*", "./node_modules/@napi-rs/canvas-linux-x64-gnu/*"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build folders let several builds/dev servers run side by side (tests, benches).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native modules that must stay outside the server bundle.
  // tesseract.js starts its worker threads from its own files, and @napi-rs/canvas is native.
  serverExternalPackages: ["@lancedb/lancedb", "better-sqlite3", "unpdf", "pg", "tesseract.js", "@napi-rs/canvas"],
  // The PDF parser worker is started by path at run time (lib/ingest/workers/pdf-pool.ts), so
  // tracing cannot see it: ship it with every server route.
  // The OCR model is read by path at run time too (lib/ingest/workers/ocr-pool.ts).
  // @napi-rs/canvas (32 MiB) renders scanned PDF pages for OCR. Tracing does not follow it (the
  // in-thread fallback in lib/ingest/parsers/pdf.ts imports it untraced; the PDF worker is an
  // included file), so functions that only manage collections do not carry it; it is shipped
  // here with the two functions that ingest: the upload (INGEST_WORKER=request ingests after
  // its response) and the cron.
  outputFileTracingIncludes: {
    "/*": ["./lib/ingest/workers/*.mjs", "./node_modules/@tesseract.js-data/eng/4.0.0_best_int/*"],
    // Keys match the route's file path anywhere in it: "/route" keeps the upload's out of the
    // routes below it (stored files' content and images), which do not ingest.
    "/v1/collections/\\[name\\]/documents/route": canvas,
    "/api/cron/ingest/route": canvas,
  },
  // Functions run on linux-x64 glibc (Vercel, the Node images): native builds for other platforms
  // that npm installed beside it would double LanceDB's 200 MB library in a function.
  outputFileTracingExcludes: { "/*": otherPlatformBinaries },
  poweredByHeader: false,
  // Polymath clients discover the library host from the home page (lib/polymath/http.ts).
  async headers() {
    return [{ source: "/", headers: [{ key: "Link", value: "</api/polymath>; rel=polymath" }] }];
  },
  // `npm test` type-checks the whole project (tests included) once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Uploads of several files at once; the route enforces MAX_UPLOAD_MB itself.
    proxyClientMaxBodySize: "1gb",
  },
};
export default nextConfig;
