import { readTextWithin } from "@/lib/http/body";
import { assertOutboundAllowed } from "@/lib/security/outbound";
import type { ZodType } from "zod";
import { z } from "zod";
import {
  RemoteAuthResponse,
  RemoteAuthScheme,
  RemoteContext,
  RemoteDataSourceInfo,
  RemoteRetrievalInfo,
  RemoteSecurityRequirements,
} from "./schemas";
import type { SourceAuthMethod } from "./source-schemas";

/**
 * A client for remote ERI v1 servers that calls them the way AI Studio does (GUIDE §2):
 * `POST /auth?authMethod=X` without a body, credentials in headers, then a `token` header.
 * Errors carry a readable message and never a credential.
 */

export interface EriEndpoint {
  baseUrl: string;
  authMethod: SourceAuthMethod;
  username?: string | null;
  secret?: string | null;
}

export type EriStep = "methods" | "auth" | "security" | "dataSource" | "retrievalInfo" | "retrieval";

export class EriClientError extends Error {
  constructor(
    message: string,
    readonly step: EriStep,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EriClientError";
  }
}

/** Nothing (or no complete answer) came back: refused, timed out, reset, redirected elsewhere. */
export class EriUnreachable extends EriClientError {}

/** The address is outside ERI_ALLOWED_NETWORKS: nothing was sent. */
export class EriNotAllowed extends EriClientError {}

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Answered, not followed: told by status rather than by the text of the error `redirect: "error"` throws. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface RemoteRetrievalRequest {
  latestUserPrompt: string;
  latestUserPromptType: "TEXT";
  thread: { contentBlocks: { content: string; role: "USER" | "AI"; type: "TEXT" }[] };
  retrievalProcessId: string | null;
  parameters: Record<string, string> | null;
  maxMatches: number;
}

export class EriClient {
  constructor(
    private readonly endpoint: EriEndpoint,
    /** Aborts every call (caller cancellation and the source's timeout, combined). */
    private readonly signal: AbortSignal,
  ) {}

  authMethods() {
    return this.call("methods", "GET", "/auth/methods", z.array(RemoteAuthScheme));
  }

  async authenticate(): Promise<string> {
    const { authMethod, username, secret } = this.endpoint;
    const headers: Record<string, string> = {};
    if (authMethod === "TOKEN") headers.Authorization = `Bearer ${secret ?? ""}`;
    if (authMethod === "USERNAME_PASSWORD") {
      headers.user = username ?? "";
      headers.password = secret ?? "";
    }
    const answer = await this.call("auth", "POST", `/auth?authMethod=${authMethod}`, RemoteAuthResponse, { headers });
    if (answer.success === false || !answer.token) {
      throw new EriClientError(`Authentication failed: ${answer.message || "the server returned no token"}`, "auth");
    }
    return answer.token;
  }

  async securityRequirement(token: string): Promise<string | null> {
    const answer = await this.call("security", "GET", "/security/requirements", RemoteSecurityRequirements, { token });
    return answer.allowedProviderType ?? null;
  }

  dataSource(token: string) {
    return this.call("dataSource", "GET", "/dataSource", RemoteDataSourceInfo, { token });
  }

  retrievalInfo(token: string) {
    return this.call("retrievalInfo", "GET", "/retrieval/info", z.array(RemoteRetrievalInfo).nullable(), { token });
  }

  retrieve(token: string, body: RemoteRetrievalRequest) {
    return this.call("retrieval", "POST", "/retrieval", z.array(RemoteContext).nullable(), { token, body });
  }

  private async call<T>(
    step: EriStep,
    method: "GET" | "POST",
    path: string,
    schema: ZodType<T>,
    opts: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    if (opts.token !== undefined) headers.token = opts.token;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      await assertOutboundAllowed(this.endpoint.baseUrl);
    } catch (error) {
      throw new EriNotAllowed((error as Error).message, step);
    }
    try {
      response = await fetch(`${this.endpoint.baseUrl}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: this.signal,
        // A redirect could carry the credentials to another host: never followed (see REDIRECTS).
        redirect: "manual",
        cache: "no-store",
      });
    } catch (error) {
      throw new EriUnreachable(networkMessage(error, path, this.signal), step);
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined); // nothing in it is read
      throw new EriUnreachable(`${path} answered with a redirect; enter the final address as the base URL`, step);
    }
    let text: string;
    try {
      text = await readLimited(response, step);
    } catch (error) {
      if (error instanceof EriClientError) throw error;
      throw new EriUnreachable(networkMessage(error, path, this.signal), step);
    }
    if (!response.ok) {
      throw new EriClientError(`${path} answered HTTP ${response.status}${serverMessage(text)}`, step, response.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EriClientError(`${path} did not answer JSON`, step, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new EriClientError(`${path} answered in an unexpected format: ${parsed.error.issues[0]?.message}`, step);
    return parsed.data;
  }
}

function readLimited(response: Response, step: EriStep): Promise<string> {
  return readTextWithin(response, MAX_RESPONSE_BYTES, () => new EriClientError("The server's answer is too large", step, response.status));
}

/** The `message` of an error body, if the server sent one (short, single line). */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown; error?: unknown };
    const message = [body.message, body.detail, body.error].find((m) => typeof m === "string" && m.trim());
    return message ? `: ${String(message).split("\n")[0].slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

function networkMessage(error: unknown, path: string, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return reason?.name === "TimeoutError" ? `Timed out waiting for ${path}` : `Cancelled while waiting for ${path}`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === "ECONNREFUSED") return `Connection refused (is the server running?) at ${path}`;
  if (cause?.code === "ENOTFOUND") return "Host name not found";
  if (cause?.code && /CERT|SSL|TLS/.test(cause.code)) return `TLS error: ${cause.code}`;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `Could not reach the server at ${path}: ${message.split("\n")[0].slice(0, 160)}`;
}
