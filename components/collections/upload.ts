import { ApiError, errorFromResponse, fetchJson } from "@/components/ui/http";
import { formatBytes } from "@/components/ui/format";
import { filesUrl, uploadsUrl } from "./api";

export interface UploadLimits {
  /** Per upload, or per file with direct uploads. */
  maxUploadBytes: number;
  /** Files go straight to object storage: only each file's size is limited, not the batch. */
  directUploads?: boolean;
  supportedExtensions: string[];
  /** The accepted formats by name, for people; the extensions are listed when absent. */
  supportedFormats?: string;
}

export interface RejectedFile {
  name: string;
  reason: string;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot).toLowerCase() : "";
}

/** Why a file cannot be uploaded, or null when it can (the server checks the same again). */
export function rejectionReason(file: File, limits: UploadLimits): string | null {
  const ext = extensionOf(file.name);
  if (!limits.supportedExtensions.includes(ext)) {
    return `${ext ? `${ext} files are` : "Files without an extension are"} not supported. Supported: ${limits.supportedExtensions.join(", ")}`;
  }
  if (file.size > limits.maxUploadBytes) {
    return `${formatBytes(file.size)} is over the ${formatBytes(limits.maxUploadBytes)} upload limit`;
  }
  return null;
}

/** The server limits one upload's size (or file count), so many files go up in several batches. */
export function batchBySize(files: File[], maxBytes: number, maxFiles = Infinity): File[][] {
  const batches: File[][] = [];
  let current: File[] = [];
  let size = 0;
  for (const file of files) {
    if (current.length && (size + file.size > maxBytes || current.length >= maxFiles)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(file);
    size += file.size;
  }
  if (current.length) batches.push(current);
  return batches;
}

export interface UploadAccepted {
  job_id: string;
  file_ids: string[];
}

interface SignedUpload {
  file_id: string;
  file_name: string;
  method: "PUT";
  url: string;
  headers: Record<string, string>;
}

/** Files one direct upload may sign and submit (the server's limit). */
export const MAX_DIRECT_FILES = 100;
/** Direct uploads go up this many files at a time. */
const PARALLEL_PUTS = 2;

/**
 * Uploads files and starts their ingestion job: as one multipart POST to the app, or, with
 * `direct` (object storage), each file PUT straight to its signed URL and then submitted by id.
 */
export function uploadFiles(
  collection: string,
  files: File[],
  onProgress: (loaded: number, total: number) => void,
  { direct = false } = {},
): { done: Promise<UploadAccepted>; abort(): void } {
  const controller = new AbortController();
  const done = (direct ? uploadDirect : uploadMultipart)(collection, files, onProgress, controller.signal);
  return { done, abort: () => controller.abort() };
}

async function uploadMultipart(
  collection: string,
  files: File[],
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
) {
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  const response = await send("POST", filesUrl(collection), form, {}, onProgress, signal);
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as UploadAccepted;
}

async function uploadDirect(collection: string, files: File[], onProgress: (loaded: number, total: number) => void, signal: AbortSignal) {
  const { uploads } = await fetchJson<{ uploads: SignedUpload[] }>(uploadsUrl(collection), {
    method: "POST",
    body: JSON.stringify({ files: files.map((f) => ({ name: f.name, size: f.size, type: f.type || undefined })) }),
    signal,
  });
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const loaded = files.map(() => 0);
  for (let start = 0; start < files.length; start += PARALLEL_PUTS) {
    await Promise.all(
      uploads.slice(start, start + PARALLEL_PUTS).map(async (upload, offset) => {
        const i = start + offset;
        const report = (done: number) => {
          loaded[i] = done;
          onProgress(
            loaded.reduce((a, b) => a + b, 0),
            total,
          );
        };
        const response = await send(upload.method, upload.url, files[i], upload.headers, report, signal);
        if (!response.ok)
          throw new ApiError(response.status, `'${files[i].name}' could not be stored (${response.status} from object storage)`);
      }),
    );
  }
  return fetchJson<UploadAccepted>(filesUrl(collection), {
    method: "POST",
    body: JSON.stringify({ files: uploads.map((u) => ({ file_id: u.file_id, file_name: u.file_name })) }),
    signal,
  });
}

/** One request through XMLHttpRequest, because only it reports upload progress. */
function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    xhr.onerror = () => reject(new ApiError(0, "The upload failed: the server could not be reached"));
    xhr.onabort = () => reject(new ApiError(0, "Upload cancelled"));
    signal.addEventListener("abort", () => xhr.abort());
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.send(body);
  });
}
