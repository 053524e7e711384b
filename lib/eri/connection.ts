import { EriClient, EriClientError, type EriEndpoint } from "./client";
import type { ConnectionReport } from "./source-schemas";

/**
 * "Test connection": the sequence AI Studio runs when a data source is added — auth methods,
 * login, security requirements — plus data source and retrieval info for the settings screen.
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
  try {
    const schemes = await client.authMethods();
    report.authMethods = schemes.map((s) => s.authMethod);
    if (!report.authMethods.includes(endpoint.authMethod)) {
      throw new EriClientError(
        `The server does not offer ${endpoint.authMethod}; it offers ${report.authMethods.join(", ") || "nothing"}`,
        "auth",
      );
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
    report.error = error instanceof Error ? error.message : String(error);
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

export function statusOf(report: ConnectionReport): { ok: boolean; message: string } {
  if (!report.ok) return { ok: false, message: report.error ?? "Connection failed" };
  const name = report.dataSource?.name ? `'${report.dataSource.name}'` : "the data source";
  return { ok: true, message: `Connected to ${name} (security requirement: ${report.securityRequirement ?? "none given"})` };
}
