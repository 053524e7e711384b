/**
 * A local S3-compatible object store for tests: the real wire format (path-style URLs, SigV4
 * header and presigned-query signatures checked by its own implementation, XML errors and
 * listings, ranged reads, conditional and multipart writes, copies, CORS for browsers), objects
 * in memory: enough for the app's originals and for LanceDB's own object store. Also runnable on its own for the browser
 * suite: `tsx tests/helpers/s3-server.ts <port>`.
 */
import { createHash, createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const S3_TEST_CREDENTIALS = { accessKeyId: "AKIDTESTLOCAL", secretAccessKey: "local-test-secret-key", region: "us-east-1" };

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3RequestRecord {
  method: string;
  key: string;
  bytes: number;
  presigned: boolean;
  status: number;
}

export interface TestS3Server {
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  requests: S3RequestRecord[];
  /** Makes every request fail with this status until cleared (null). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const unescapeXml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[e]!);
const md5 = (body: Buffer) => `"${createHash("md5").update(body).digest("hex")}"`;

function xml(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

/** Checks the request's SigV4 signature; returns an error message or null when it is valid. */
function verifySignature(req: http.IncomingMessage, url: URL, body: Buffer): { error: string | null; presigned: boolean } {
  const q = url.searchParams;
  const presigned = q.has("X-Amz-Signature");
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;
  if (presigned) {
    if (q.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256") return { error: "bad algorithm", presigned };
    credential = q.get("X-Amz-Credential") ?? "";
    signedHeaders = q.get("X-Amz-SignedHeaders") ?? "";
    signature = q.get("X-Amz-Signature") ?? "";
    amzDate = q.get("X-Amz-Date") ?? "";
    payloadHash = "UNSIGNED-PAYLOAD";
    const expires = Number(q.get("X-Amz-Expires"));
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (!(expires > 0) || Date.now() > signedAt + expires * 1000) return { error: "Request has expired", presigned };
  } else {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      req.headers.authorization ?? "",
    );
    if (!auth) return { error: "missing or malformed Authorization", presigned };
    [, credential, signedHeaders, signature] = auth;
    amzDate = String(req.headers["x-amz-date"] ?? "");
    payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
      return { error: "x-amz-content-sha256 does not match the body", presigned };
  }
  const [accessKeyId, date, region, service, terminator] = credential.split("/");
  if (accessKeyId !== S3_TEST_CREDENTIALS.accessKeyId) return { error: "unknown access key", presigned };
  if (service !== "s3" || terminator !== "aws4_request" || date !== amzDate.slice(0, 8))
    return { error: "bad credential scope", presigned };
  const headerNames = signedHeaders.split(";");
  if (!headerNames.includes("host")) return { error: "host must be signed", presigned };
  const canonicalHeaders = headerNames
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalUri = url.pathname
    .split("/")
    .map((s) => encode(decodeURIComponent(s)))
    .join("/");
  const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_TEST_CREDENTIALS.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = hmac(key, stringToSign).toString("hex");
  return {
    error: expected === signature ? null : "The request signature we calculated does not match the signature you provided",
    presigned,
  };
}

/** `ignoreConditions`: behave like stores that accept If-None-Match / If-Match writes unconditionally (s3rver). */
export async function startS3Server(
  options: { port?: number; bucket?: string; pageSize?: number; ignoreConditions?: boolean } = {},
): Promise<TestS3Server> {
  const bucket = options.bucket ?? "docchat-test";
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, StoredObject>();
  const requests: S3RequestRecord[] = [];
  const uploads = new Map<string, Map<number, Buffer>>();
  let failure: number | null = null;

  const store = (key: string, body: Buffer, contentType: string) => {
    const object = { body, contentType, etag: md5(body), lastModified: new Date() };
    objects.set(key, object);
    return object;
  };

  /** ListObjectsV2, with prefix, delimiter (folders as CommonPrefixes) and paging. */
  const list = (res: http.ServerResponse, q: URLSearchParams) => {
    const prefix = q.get("prefix") ?? "";
    const delimiter = q.get("delimiter");
    const startAfter = q.get("start-after") ?? "";
    const folders = new Set<string>();
    const keys: string[] = [];
    for (const k of [...objects.keys()].filter((k) => k.startsWith(prefix) && k > startAfter).sort()) {
      const cut = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
      if (cut >= 0) folders.add(k.slice(0, cut + delimiter!.length));
      else keys.push(k);
    }
    const from = Number(q.get("continuation-token") ?? 0);
    const limit = Math.min(pageSize, Number(q.get("max-keys") ?? pageSize));
    const page = keys.slice(from, from + limit);
    const truncated = from + limit < keys.length;
    const contents = page.map((k) => {
      const o = objects.get(k)!;
      return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${escapeXml(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    });
    const common = from === 0 ? [...folders].map((f) => `<CommonPrefixes><Prefix>${escapeXml(f)}</Prefix></CommonPrefixes>`) : [];
    return xml(
      res,
      200,
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${limit}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${from + limit}</NextContinuationToken>` : ""}${contents.join("")}${common.join("")}</ListBucketResult>`,
    );
  };

  const server = http.createServer(async (req, res) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Expose-Headers", "ETag");
      res.setHeader("Vary", "Origin");
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "OPTIONS") {
      res.writeHead(200, {
        "Access-Control-Allow-Methods": "GET, PUT, HEAD",
        "Access-Control-Allow-Headers": String(req.headers["access-control-request-headers"] ?? ""),
        "Access-Control-Max-Age": "600",
      });
      return res.end();
    }
    if (url.pathname === "/healthz") return res.end("ok");

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const record = (status: number, presigned: boolean) =>
      requests.push({ method: req.method ?? "", key, bytes: body.length, presigned, status });

    if (failure) {
      record(failure, false);
      return errorXml(res, failure, "InternalError", "We encountered an internal error. Please try again.");
    }
    if (bucketName !== bucket) return errorXml(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    const { error, presigned } = verifySignature(req, url, body);
    if (error) {
      record(403, presigned);
      return errorXml(res, 403, error.includes("expired") ? "AccessDenied" : "SignatureDoesNotMatch", escapeXml(error));
    }
    const q = url.searchParams;
    if (req.method === "GET" && key === "") {
      record(200, presigned);
      return list(res, q);
    }
    if (req.method === "POST" && q.has("delete")) {
      record(200, presigned);
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]));
      for (const k of keys) objects.delete(k);
      return xml(res, 200, `<DeleteResult>${keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join("")}</DeleteResult>`);
    }
    if (req.method === "POST" && q.has("uploads")) {
      record(200, presigned);
      const uploadId = randomUUID();
      uploads.set(uploadId, new Map());
      return xml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = q.get("uploadId");
    if (uploadId) {
      const parts = uploads.get(uploadId);
      if (!parts) return errorXml(res, 404, "NoSuchUpload", "The specified upload does not exist.");
      record(200, presigned);
      if (req.method === "PUT") {
        const etag = md5(body);
        parts.set(Number(q.get("partNumber")), body);
        res.writeHead(200, { ETag: etag });
        return res.end();
      }
      uploads.delete(uploadId);
      if (req.method === "DELETE") {
        res.writeHead(204);
        return res.end();
      }
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const whole = Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0)));
      const stored = store(key, whole, "binary/octet-stream");
      return xml(
        res,
        200,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${stored.etag}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (req.method === "PUT") {
      const current = objects.get(key);
      const ifNoneMatch = req.headers["if-none-match"];
      const ifMatch = req.headers["if-match"];
      if (!options.ignoreConditions && ((ifNoneMatch === "*" && current) || (ifMatch && ifMatch !== current?.etag))) {
        record(412, presigned);
        return errorXml(res, 412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold");
      }
      const copySource = req.headers["x-amz-copy-source"];
      if (copySource) {
        const source = objects.get(decodeURIComponent(String(copySource)).replace(/^\/?[^/]+\//, ""));
        if (!source) return errorXml(res, 404, "NoSuchKey", "The specified key does not exist.");
        record(200, presigned);
        const copied = store(key, source.body, source.contentType);
        return xml(
          res,
          200,
          `<CopyObjectResult><ETag>${copied.etag}</ETag><LastModified>${copied.lastModified.toISOString()}</LastModified></CopyObjectResult>`,
        );
      }
      record(200, presigned);
      const stored = store(key, body, String(req.headers["content-type"] ?? "binary/octet-stream"));
      res.writeHead(200, { ETag: stored.etag });
      return res.end();
    }
    if (req.method === "DELETE") {
      record(204, presigned);
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const object = objects.get(key);
    if (!object) {
      record(404, presigned);
      return errorXml(res, 404, "NoSuchKey", "The specified key does not exist.");
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ""));
    const size = object.body.length;
    const [from, to] = !range
      ? [0, size - 1]
      : range[1] === ""
        ? [Math.max(0, size - Number(range[2])), size - 1]
        : [Number(range[1]), range[2] === "" ? size - 1 : Math.min(Number(range[2]), size - 1)];
    if (range && from >= size) {
      record(416, presigned);
      return errorXml(res, 416, "InvalidRange", "The requested range is not satisfiable");
    }
    record(range ? 206 : 200, presigned);
    res.writeHead(range ? 206 : 200, {
      "content-type": q.get("response-content-type") ?? object.contentType,
      "content-length": String(to - from + 1),
      "last-modified": object.lastModified.toUTCString(),
      etag: object.etag,
      ...(range ? { "content-range": `bytes ${from}-${to}/${size}` } : {}),
      ...(q.get("response-content-disposition") ? { "content-disposition": q.get("response-content-disposition")! } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : object.body.subarray(from, to + 1));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    failWith: (status) => void (failure = status),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // clients keep connections alive (LanceDB's does)
      }),
  };
}

/** The environment that points the app's originals at this server. */
export function s3Environment(server: Pick<TestS3Server, "url" | "bucket">, prefix = "originals"): Record<string, string> {
  return {
    ORIGINALS_URL: `s3://${server.bucket}/${prefix}`,
    AWS_ENDPOINT: server.url,
    AWS_REGION: S3_TEST_CREDENTIALS.region,
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

if (process.argv[1]?.endsWith("s3-server.ts") && process.argv[2]) {
  void startS3Server({ port: Number(process.argv[2]) }).then((server) =>
    console.log(`Test S3 server on ${server.url}, bucket ${server.bucket}`),
  );
}
