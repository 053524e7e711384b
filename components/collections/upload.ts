import { errorFromResponse, ApiError } from "@/components/ui/http";
import { formatBytes } from "@/components/ui/format";
import { filesUrl } from "./api";

export interface UploadLimits {
  maxUploadBytes: number;
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

/** The server limits the size of one request, so many files go up in several batches. */
export function batchBySize(files: File[], maxBytes: number): File[][] {
  const batches: File[][] = [];
  let current: File[] = [];
  let size = 0;
  for (const file of files) {
    if (current.length && size + file.size > maxBytes) {
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

/**
 * POSTs files as multipart field `files`. XMLHttpRequest rather than fetch because only it
 * reports upload progress.
 */
export function uploadFiles(
  collection: string,
  files: File[],
  onProgress: (loaded: number, total: number) => void,
): { done: Promise<UploadAccepted>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAccepted>((resolve, reject) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = async () => {
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status === 202 || xhr.status === 200) resolve((await response.json()) as UploadAccepted);
      else reject(await errorFromResponse(response));
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload failed: the server could not be reached"));
    xhr.onabort = () => reject(new ApiError(0, "Upload cancelled"));
  });
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  xhr.open("POST", filesUrl(collection));
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
