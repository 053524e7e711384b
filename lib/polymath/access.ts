import { z } from "zod";
import { db } from "@/lib/db/client";
import { badRequest, notFound } from "@/lib/errors";
import { describeZodError } from "@/lib/http/respond";

/**
 * Access tags: a file may carry one; its bits then only leave the Polymath host for an access
 * token that grants the tag. The tag lives in the Document row's JSON `metadata` (key
 * `access_tag`), so file listings show it and no migration is needed.
 */

export const ACCESS_TAG_KEY = "access_tag";
/** The multipart field of an upload that tags every file of it. */
export const ACCESS_TAG_FIELD = "access_tag";

export const AccessTag = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, "Access tags use letters, digits and _ . : - (at most 64 characters)");

/** `{access_tag}` for an upload's files from its optional form field; throws 400 on a bad tag. */
export function uploadMetadata(form: FormData): Record<string, unknown> {
  const raw = form.get(ACCESS_TAG_FIELD);
  if (typeof raw !== "string" || !raw.trim()) return {};
  return { [ACCESS_TAG_KEY]: checkedTag(raw) };
}

function checkedTag(raw: string): string {
  const parsed = AccessTag.safeParse(raw);
  if (!parsed.success) throw badRequest(`access_tag: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

export function parseMetadata(text: string | null | undefined): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export function accessTagOf(metadataJson: string | null | undefined): string | null {
  const tag = parseMetadata(metadataJson)[ACCESS_TAG_KEY];
  return typeof tag === "string" && tag ? tag : null;
}

/** Sets (or with null, removes) a file's access tag. */
export async function setAccessTag(collectionName: string, fileId: string, tag: string | null): Promise<void> {
  const doc = await db().document.findFirst({ where: { id: fileId, collectionName }, select: { metadata: true } });
  if (!doc) throw notFound(`File '${fileId}' not found in collection '${collectionName}'`);
  const metadata = parseMetadata(doc.metadata);
  if (tag) metadata[ACCESS_TAG_KEY] = checkedTag(tag);
  else delete metadata[ACCESS_TAG_KEY];
  await db().document.update({ where: { id: fileId }, data: { metadata: JSON.stringify(metadata) } });
}

export const AccessTagUpdate = z.object({ access_tag: z.union([AccessTag, z.literal(""), z.null()]) }).strict();

/** Tags in use across all files, for the settings screen. */
export async function tagsInUse(): Promise<string[]> {
  const rows = await db().document.findMany({ where: { metadata: { contains: ACCESS_TAG_KEY } }, select: { metadata: true } });
  return [...new Set(rows.map((r) => accessTagOf(r.metadata)).filter((t): t is string => Boolean(t)))].sort();
}

export interface FileFacts {
  tag: string | null;
  summary: string | null;
}

/** Access tag and summary of each file, by id (one query per host request). */
export async function fileFacts(fileIds: string[]): Promise<Map<string, FileFacts>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db().document.findMany({ where: { id: { in: fileIds } }, select: { id: true, metadata: true, summary: true } });
  return new Map(rows.map((r) => [r.id, { tag: accessTagOf(r.metadata), summary: r.summary }]));
}
