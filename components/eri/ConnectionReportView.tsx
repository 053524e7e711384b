import type { ConnectionReport } from "@/lib/eri/source-schemas";
import { Pill } from "./fields";

const STEP_LABELS: Record<NonNullable<ConnectionReport["failedStep"]>, string> = {
  methods: "reading the authentication methods",
  auth: "logging in",
  security: "reading the security requirements",
  dataSource: "reading the data source information",
  retrievalInfo: "reading the retrieval processes",
};

const REQUIREMENT_TEXT: Record<string, string> = {
  ANY: "Any model provider may process its data.",
  SELF_HOSTED: "Only self-hosted models may process its data: chat uses it in offline mode or with a model marked self-hosted.",
  NONE: "No model provider may process its data: chat will skip it.",
};

/** What "Test connection" found: the data source, its security requirement and processes, or the error. */
export function ConnectionReportView({ report }: { report: ConnectionReport }) {
  if (!report.ok) {
    return (
      <div
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
      >
        <p className="font-medium">
          Connection failed{report.failedStep ? ` while ${STEP_LABELS[report.failedStep]}` : ""} ({report.elapsedMs} ms)
        </p>
        <p className="mt-1 break-words">{report.error}</p>
        {report.authMethods.length > 0 && <p className="mt-1 text-xs">Offered authentication methods: {report.authMethods.join(", ")}</p>}
      </div>
    );
  }
  const requirement = report.securityRequirement ?? "not stated";
  return (
    <div
      role="status"
      className="space-y-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-slate-900 dark:border-green-800 dark:bg-green-950/40 dark:text-slate-100"
    >
      <p className="font-medium text-green-900 dark:text-green-200">Connected in {report.elapsedMs} ms</p>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-medium">Data source</dt>
        <dd>
          {report.dataSource?.name ?? "(no name)"}
          {report.dataSource?.description && (
            <span className="block text-slate-600 dark:text-slate-300">{report.dataSource.description}</span>
          )}
        </dd>
        <dt className="font-medium">Security requirement</dt>
        <dd>
          <Pill tone={requirement === "ANY" ? "ok" : requirement === "SELF_HOSTED" ? "warn" : "error"}>{requirement}</Pill>
          <span className="ml-2 text-slate-600 dark:text-slate-300">
            {REQUIREMENT_TEXT[requirement] ?? "Chat will skip a source that states no requirement."}
          </span>
        </dd>
        <dt className="font-medium">Retrieval processes</dt>
        <dd>
          {report.retrievalProcesses.length === 0 ? (
            "none listed"
          ) : (
            <ul className="space-y-1">
              {report.retrievalProcesses.map((p, i) => (
                <li key={p.id ?? i}>
                  <code className="rounded bg-white/70 px-1 dark:bg-slate-900">{p.id ?? "(no id)"}</code> {p.name}
                  {Object.keys(p.parameters).length > 0 && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      Parameters: {Object.keys(p.parameters).join(", ")}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </div>
  );
}
