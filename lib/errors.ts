/**
 * One error type for everything a user may see. `status` is the HTTP status a route answers
 * with; `message` is written for people (never a stack trace).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const notFound = (message: string) => new AppError(404, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);

/**
 * A collection built with another embedding model than the one configured: its vectors and the
 * query's would not compare. 409 until that model is configured or the collection re-embedded.
 */
export class EmbeddingModelMismatch extends AppError {
  constructor(message: string) {
    super(409, message);
    this.name = "EmbeddingModelMismatch";
  }
}

/** A file that cannot be ingested; the message is shown next to the file in the UI. */
export class IngestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IngestError";
  }
}
