/** Where a stored document opens, built in this one place for every protocol and the UI. */

const documentBase = (collection: string, fileId: string) =>
  `/v1/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(fileId)}`;

/** The original upload, at its page (PDF viewers honour `#page=N`). */
export function documentUrl(collection: string, fileId: string, page?: number | null, origin = ""): string {
  const base = `${origin}${documentBase(collection, fileId)}/content`;
  return page ? `${base}#page=${page}` : base;
}

/** An image passage's picture (the original upload, checked to be an image). */
export const imageUrl = (collection: string, fileId: string) => `${documentBase(collection, fileId)}/image`;
