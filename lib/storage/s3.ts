import { AwsClient } from "aws4fetch";

/**
 * The few S3 calls the app needs (put, get, head, delete, list, presigned URLs), signed with
 * SigV4 by aws4fetch over plain fetch: any S3-compatible store (AWS, R2, MinIO, …).
 */

export interface S3Location {
  bucket: string;
  /** Key prefix every object of the app goes under ("" or ending in "/"). */
  prefix: string;
  region: string;
  /** An S3-compatible endpoint (path-style addressing); null: AWS, virtual-hosted. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** `s3://bucket/some/prefix` → bucket and prefix ("some/prefix/"). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`Not an s3://bucket/prefix URL: ${url}`);
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : "" };
}

export class S3Bucket {
  private readonly client: AwsClient;

  constructor(readonly location: S3Location) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      sessionToken: location.sessionToken,
      service: "s3",
      region: location.region,
      retries: 2,
    });
  }

  /** Where browsers reach the bucket: the origin a page's CSP must allow. */
  get origin(): string {
    return new URL(this.url("")).origin;
  }

  /** `s3://bucket/key`, as stored in a document's row. */
  uri(key: string): string {
    return `s3://${this.location.bucket}/${key}`;
  }

  /** The key inside this bucket of an `s3://` URI, or null when it names another bucket. */
  keyOf(uri: string): string | null {
    const start = `s3://${this.location.bucket}/`;
    return uri.startsWith(start) ? uri.slice(start.length) : null;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await this.call("PUT", key, { body, headers: { "content-type": contentType } });
  }

  /** Writes only if no object has the key (`If-None-Match: *`): false when one had it (412). */
  async putIfAbsent(key: string, body: Uint8Array): Promise<boolean> {
    const response = await this.call("PUT", key, { body, headers: { "if-none-match": "*" }, allow: [412] });
    return response.status !== 412;
  }

  async get(key: string): Promise<Uint8Array> {
    const response = await this.call("GET", key);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** The object's size and type, or null when there is none. */
  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    const response = await this.call("HEAD", key, { allow404: true });
    if (response.status === 404) return null;
    return { size: Number(response.headers.get("content-length") ?? 0), contentType: response.headers.get("content-type") ?? "" };
  }

  async delete(key: string): Promise<void> {
    await this.call("DELETE", key, { allow404: true });
  }

  /** Every key under a prefix (ListObjectsV2, page by page). */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | null = null;
    do {
      const query: Record<string, string> = { "list-type": "2", prefix, ...(token ? { "continuation-token": token } : {}) };
      const xml = await (await this.call("GET", "", { query })).text();
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(m[1]));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? unescapeXml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? "") || null
        : null;
    } while (token);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    // A few at a time: a collection may hold thousands of originals.
    for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map((k) => this.delete(k)));
  }

  /** A URL anyone holding it may GET for `expiresIn` seconds, served with the given name and type. */
  async presignGet(key: string, o: { expiresIn: number; fileName: string; contentType: string }): Promise<string> {
    const url = new URL(this.url(key));
    url.searchParams.set("X-Amz-Expires", String(o.expiresIn));
    url.searchParams.set("response-content-type", o.contentType);
    url.searchParams.set("response-content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(o.fileName)}`);
    const signed = await this.client.sign(url.toString(), { method: "GET", aws: { signQuery: true } });
    return signed.url;
  }

  /**
   * A URL a browser may PUT exactly one body of `size` bytes and this type to: both headers are
   * signed, so S3 refuses any other length (a size limit the store itself enforces).
   */
  async presignPut(
    key: string,
    o: { expiresIn: number; contentType: string; size: number },
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const url = new URL(this.url(key));
    url.searchParams.set("X-Amz-Expires", String(o.expiresIn));
    const headers = { "content-type": o.contentType, "content-length": String(o.size) };
    const signed = await this.client.sign(url.toString(), { method: "PUT", headers, aws: { signQuery: true, allHeaders: true } });
    // The browser sets Content-Length itself (it may not be set by scripts).
    return { url: signed.url, headers: { "content-type": o.contentType } };
  }

  private url(key: string): string {
    const path = key.split("/").map(encodeURIComponent).join("/");
    const { bucket, endpoint, region } = this.location;
    if (endpoint) return `${endpoint.replace(/\/+$/, "")}/${bucket}/${path}`;
    return `https://${bucket}.s3.${region}.amazonaws.com/${path}`;
  }

  private async call(
    method: string,
    key: string,
    o: { body?: Uint8Array; headers?: Record<string, string>; query?: Record<string, string>; allow404?: boolean; allow?: number[] } = {},
  ): Promise<Response> {
    const url = new URL(this.url(key));
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const response = await this.client
      .fetch(url.toString(), { method, headers: o.headers, body: o.body as BodyInit | undefined })
      .catch((error: unknown) => {
        throw new S3Error(
          0,
          "NetworkError",
          `Object storage ${method} ${key || "(bucket)"} failed: ${error instanceof Error ? error.message : error}`,
        );
      });
    if (response.ok || (o.allow404 && response.status === 404) || o.allow?.includes(response.status)) return response;
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${response.status}`;
    const detail = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    throw new S3Error(
      response.status,
      code,
      `Object storage ${method} ${key || "(bucket)"} failed: ${code}${detail ? ` (${unescapeXml(detail)})` : ""}`,
    );
  }
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[e] ?? "");
}
