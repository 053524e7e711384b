import { Pill } from "@/components/eri/fields";
import { buttonClass } from "@/components/ui/Button";
import { COPILOT_PATHS, type CopilotPlugin } from "@/lib/copilot/plugin";
import type { ManifestCheck } from "@/lib/copilot/validate";
import { CopilotPublishForm } from "./CopilotPublishForm";
import { CopyField } from "./CopyField";

type Auth = { type: "None" } | { type: "ApiKeyPluginVault"; referenceId: string | null };

interface Props {
  urls: CopilotPlugin["urls"];
  baseUrlConfigured: boolean;
  /** Why Microsoft 365 cannot reach the base URL, or null. */
  reachability: string | null;
  auth: Auth;
  check: ManifestCheck;
  starters: string[];
  /** Every collection, and those published to Copilot. */
  collections: string[];
  published: string[];
  /** Why the app package would not install (none: it would). */
  packageProblems: string[];
}

const linkClass =
  "font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200";
const muted = "text-sm text-slate-600 dark:text-slate-400";

function ValidationStatus({ check }: { check: ManifestCheck }) {
  return (
    <div role="status" data-testid="manifest-status" data-valid={check.valid} className="space-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Pill tone={check.valid ? "ok" : "error"}>{check.valid ? "Valid" : "Invalid"}</Pill>
        {check.valid
          ? "The plugin manifest currently validates against Microsoft's v2.2 schema, and its function is an operation of the OpenAPI document."
          : "The plugin manifest does not validate; Microsoft 365 would refuse it:"}
      </p>
      {!check.valid && (
        <ul className="ml-5 list-disc text-sm text-red-800 dark:text-red-300">
          {check.errors.map((e) => (
            <li key={e}>
              <code className="break-all">{e}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AuthStatus({ auth }: { auth: Auth }) {
  if (auth.type === "None") {
    return (
      <p className="text-sm">
        <Pill tone="warn">No key</Pill> Anyone who can reach the search address can read every collection. Set <code>COPILOT_API_KEY</code>{" "}
        to require it as a Bearer token (the manifest then uses <code>ApiKeyPluginVault</code>).
      </p>
    );
  }
  return (
    <p className="text-sm">
      <Pill tone="ok">API key</Pill> The search requires <code>Authorization: Bearer &lt;COPILOT_API_KEY&gt;</code>; the manifest uses{" "}
      <code>ApiKeyPluginVault</code> with reference id{" "}
      {auth.referenceId ? <code className="break-all">{auth.referenceId}</code> : <strong>not set (COPILOT_API_KEY_REFERENCE_ID)</strong>}.
    </p>
  );
}

/** Microsoft 365 Copilot: where the plugin's documents are, whether they validate, and how to install the app. */
function PackageDownload({ problems }: { problems: string[] }) {
  if (problems.length === 0) {
    return (
      <a href={COPILOT_PATHS.appPackage} download className={buttonClass("primary")}>
        Download app package
      </a>
    );
  }
  return (
    <div role="status" data-testid="package-problems" className="space-y-1">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Pill tone="error">No package</Pill> The app package would not install in Microsoft 365 yet:
      </p>
      <ul className="ml-5 list-disc text-sm text-red-800 dark:text-red-300">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

export function CopilotSection({
  urls,
  baseUrlConfigured,
  reachability,
  auth,
  check,
  starters,
  collections,
  published,
  packageProblems,
}: Props) {
  return (
    <section aria-labelledby="copilot-title" className="space-y-5">
      <div>
        <h2 id="copilot-title" className="text-lg font-semibold">
          Microsoft 365 Copilot
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          An API plugin lets Copilot search{" "}
          {published.length
            ? `the ${published.length} collection${published.length === 1 ? "" : "s"} published to it`
            : "the collections you publish to it"}{" "}
          and show each passage with its citation and a link that opens the source page. The app package installs it as a DocChat agent.
        </p>
      </div>

      <ValidationStatus check={check} />

      <CopilotPublishForm collections={collections} published={published} />

      {reachability && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {reachability}
        </p>
      )}

      <div className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold">Addresses</h3>
        <dl className="space-y-2">
          <CopyField label="Plugin manifest" value={urls.manifest} testId="url-manifest" />
          <CopyField label="OpenAPI document" value={urls.openApi} testId="url-openapi" />
          <CopyField label="Search" value={urls.search} testId="url-search" />
          <CopyField label="App package" value={urls.appPackage} testId="url-package" />
        </dl>
        <p className={muted}>
          {baseUrlConfigured
            ? "Built from PUBLIC_BASE_URL."
            : "As your browser reached this app; set PUBLIC_BASE_URL to the address Microsoft 365 should use."}
        </p>
        <PackageDownload problems={packageProblems} />
      </div>

      <div className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold">Authentication</h3>
        <AuthStatus auth={auth} />
      </div>

      <div className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold">Conversation starters</h3>
        <p className={muted}>
          Drawn from the section headings of the published collections&apos; documents; Copilot offers them when the agent opens.
        </p>
        <ul className="ml-5 list-disc text-sm" data-testid="starters">
          {starters.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </div>

      <div className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h3 className="text-sm font-semibold">Install in Microsoft 365</h3>
        <ol className="ml-5 list-decimal space-y-1.5 text-sm">
          <li>
            Serve this app over HTTPS at an address Microsoft 365 can reach and set <code>PUBLIC_BASE_URL</code> to it.
          </li>
          <li>
            Recommended: set <code>COPILOT_API_KEY</code>, register the same key in the Teams Developer Portal (Tools → API key
            registration, base URL as above) and set <code>COPILOT_API_KEY_REFERENCE_ID</code> to the registration id it shows. Restart the
            app.
          </li>
          <li>
            Set <code>COPILOT_PRIVACY_URL</code> and <code>COPILOT_TERMS_URL</code> to your privacy statement and terms of use, and publish
            the collections Copilot may search (above).
          </li>
          <li>
            <a href={COPILOT_PATHS.appPackage} download className={linkClass}>
              Download the app package
            </a>{" "}
            again after any change: it holds the manifest, the agent, the plugin, the OpenAPI document and the icons, and its version goes
            up whenever its content changed (Teams takes an update only at a higher version).
          </li>
          <li>
            In Teams: Apps → Manage your apps → Upload an app → Upload a custom app (or, for the whole organisation, Microsoft 365 admin
            centre → Integrated apps → Upload custom apps).
          </li>
          <li>Open Microsoft 365 Copilot, choose the DocChat agent and ask about your documents.</li>
        </ol>
      </div>
    </section>
  );
}
