export interface Embedder {
  /** Model name recorded on each collection; a collection is only queried with its own model. */
  readonly model: string;
  readonly dimensions: number;
  /** Unit-length vectors, one per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}
