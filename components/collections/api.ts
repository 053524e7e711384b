import type { CollectionInfo, DeleteFilesResult } from "@/lib/knowledge/schemas";
import { fetchJson } from "@/components/ui/http";

/** The Knowledge Layer REST API (/v1), as the browser uses it. */

export const COLLECTIONS_URL = "/v1/collections";
/** The collections the caller may edit (an editor's own; admins: all). */
export const EDITABLE_COLLECTIONS_URL = "/v1/collections?access=edit";
export const collectionUrl = (name: string) => `/v1/collections/${encodeURIComponent(name)}`;
export const filesUrl = (name: string) => `${collectionUrl(name)}/documents`;
export const uploadsUrl = (name: string) => `${collectionUrl(name)}/uploads`;
export const jobStatusUrl = (jobId: string) => `/v1/documents/${encodeURIComponent(jobId)}/status`;
export const collectionPageUrl = (name: string) => `/collections/${encodeURIComponent(name)}`;

export function createCollection(name: string, description: string): Promise<CollectionInfo> {
  return fetchJson(COLLECTIONS_URL, {
    method: "POST",
    body: JSON.stringify({ name, description: description.trim() || null }),
  });
}

export function deleteCollection(name: string): Promise<unknown> {
  return fetchJson(collectionUrl(name), { method: "DELETE" });
}

export function deleteFiles(name: string, fileIds: string[]): Promise<DeleteFilesResult> {
  return fetchJson(filesUrl(name), { method: "DELETE", body: JSON.stringify({ file_ids: fileIds }) });
}
