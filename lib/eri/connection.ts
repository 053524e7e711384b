import { EriClient, EriClientError, EriNotAllowed, EriUnreachable, type EriEndpoint, type EriStep } from "./client";
import type { ConnectionReport } from "./source-schemas";

/**
 * "Test connection": the sequence AI Studio runs when a data source is added — auth methods,
 * login, security requirements — plus data source and retrieval info for the settings screen.
 * A failure says only whether the address is unreachable, answers but is not an ERI server, or
 * is an ERI server that refused a step: never a status code or a word of what it sent, so the
 * test cannot be used to read or map other services the server can reach.
 */
export async function testConnection(endpoint: EriEndpoint, timeoutMs: number): Promise<ConnectionReport> {
  const started = Date.now();
  const report: ConnectionReport = {
    ok: false,
    elapsedMs: 0,
    failedStep: null,
    error: null,
    authMethods: [],
    dataSource: null,
    securityRequirement: null,
    retrievalProcesses: [],
  };
  const client = new EriClient(endpoint, AbortSignal.timeout(timeoutMs));
  let isEri = false;
  try {
    const schemes = await client.authMethods();
    isEri = true;
    report.authMethods = schemes.map((s) => s.authMethod);
    if (!report.authMethods.includes(endpoint.authMethod)) {
      throw new EriMethodNotOffered(`it does not offer ${endpoint.authMethod}; it offers ${report.authMethods.join(", ") || "nothing"}`);
    }
    const token = await client.authenticate();
    report.securityRequirement = await client.securityRequirement(token);
    const dataSource = await client.dataSource(token);
    report.dataSource = { name: dataSource.name ?? null, description: dataSource.description ?? null };
    const processes = (await client.retrievalInfo(token)) ?? [];
    report.retrievalProcesses = processes.map((p) => ({
      id: p.id ?? null,
      name: p.name ?? null,
      description: p.description ?? null,
      parameters: Object.fromEntries(Object.entries(p.parametersDescription ?? {}).map(([k, v]) => [k, v ?? ""])),
    }));
    report.ok = true;
  } catch (error) {
    report.failedStep = error instanceof EriClientError && error.step !== "retrieval" ? error.step : null;
    report.error = verdict(error, isEri);
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

/** The server does not offer the source's authentication method: our own finding, not its answer. */
class EriMethodNotOffered extends EriClientError {
  constructor(message: string) {
    super(message, "auth");
  }
}

const PATHS: Record<EriStep, string> = {
  methods: "/auth/methods",
  auth: "/auth",
  security: "/security/requirements",
  dataSource: "/dataSource",
  retrievalInfo: "/retrieval/info",
  retrieval: "/retrieval",
};

function verdict(error: unknown, isEri: boolean): string {
  if (error instanceof EriNotAllowed) return `Not allowed: ${error.message}`;
  if (error instanceof EriUnreachable) return "Unreachable: no answer from this address (refused, timed out or redirected)";
  if (!isEri) return "Not an ERI server: this address does not answer /auth/methods as an ERI v1 server does";
  if (!(error instanceof EriClientError)) return "Reachable ERI server, but the test failed";
  // Our own check of what an ERI server offered: its words are ERI fields, not a response body.
  if (error instanceof EriMethodNotOffered) return `Reachable ERI server, but ${error.message}`;
  if (error.step === "auth" && (error.status === 401 || error.status === 403))
    return "Reachable ERI server, but it refused the login: check the credentials";
  return `Reachable ERI server, but its answer to ${PATHS[error.step]} is not ERI v1`;
}

export function statusOf(report: ConnectionReport): { ok: boolean; message: string } {
  if (!report.ok) return { ok: false, message: report.error ?? "Connection failed" };
  const name = report.dataSource?.name ? `'${report.dataSource.name}'` : "the data source";
  return { ok: true, message: `Connected to ${name} (security requirement: ${report.securityRequirement ?? "none given"})` };
}
