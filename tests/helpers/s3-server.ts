/**
 * A local S3-compatible object store for tests: the real wire format (path-style URLs, SigV4
 * header and presigned-query signatures checked by its own implementation, XML errors and
 * listings, CORS for browsers), objects in memory. Also runnable on its own for the browser
 * suite: `tsx tests/helpers/s3-server.ts <port>`.
 */
import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const S3_TEST_CREDENTIALS = { accessKeyId: "AKIDTESTLOCAL", secretAccessKey: "local-test-secret-key", region: "us-east-1" };

interface StoredObject {
  body: Buffer;
  contentType: string;
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
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(req.headers.authorization ?? "");
    if (!auth) return { error: "missing or malformed Authorization", presigned };
    [, credential, signedHeaders, signature] = auth;
    amzDate = String(req.headers["x-amz-date"] ?? "");
    payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return { error: "x-amz-content-sha256 does not match the body", presigned };
  }
  const [accessKeyId, date, region, service, terminator] = credential.split("/");
  if (accessKeyId !== S3_TEST_CREDENTIALS.accessKeyId) return { error: "unknown access key", presigned };
  if (service !== "s3" || terminator !== "aws4_request" || date !== amzDate.slice(0, 8)) return { error: "bad credential scope", presigned };
  const headerNames = signedHeaders.split(";");
  if (!headerNames.includes("host")) return { error: "host must be signed", presigned };
  const canonicalHeaders = headerNames.map((h) => `${h}:${String(req.headers[h] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalUri = url.pathname.split("/").map((s) => encode(decodeURIComponent(s))).join("/");
  const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_TEST_CREDENTIALS.secretAccessKey}`, date), region), "s3"), "aws4_request");
  const expected = hmac(key, stringToSign).toString("hex");
  return { error: expected === signature ? null : "The request signature we calculated does not match the signature you provided", presigned };
}

export async function startS3Server(options: { port?: number; bucket?: string; pageSize?: number } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "docchat-test";
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, StoredObject>();
  const requests: S3RequestRecord[] = [];
  let failure: number | null = null;

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
    const record = (status: number, presigned: boolean) => requests.push({ method: req.method ?? "", key, bytes: body.length, presigned, status });

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
      const prefix = q.get("prefix") ?? "";
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const from = Number(q.get("continuation-token") ?? 0);
      const page = all.slice(from, from + pageSize);
      const truncated = from + pageSize < all.length;
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${from + pageSize}</NextContinuationToken>` : ""}` +
          page.map((k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join("") +
          `</ListBucketResult>`,
      );
    }
    if (req.method === "PUT") {
      record(200, presigned);
      objects.set(key, { body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
      res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` });
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
    record(200, presigned);
    res.writeHead(200, {
      "content-type": q.get("response-content-type") ?? object.contentType,
      "content-length": String(object.body.length),
      ...(q.get("response-content-disposition") ? { "content-disposition": q.get("response-content-disposition")! } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : object.body);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    failWith: (status) => void (failure = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
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
  void startS3Server({ port: Number(process.argv[2]) }).then((server) => console.log(`Test S3 server on ${server.url}, bucket ${server.bucket}`));
}
