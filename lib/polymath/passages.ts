import { IngestError } from "@/lib/errors";
import { registerPassageFormat, type PassageFormat } from "@/lib/ingest/passage-formats";
import { isLibrary, PolymathError } from "./format";
import { libraryJson, readLibrary } from "./import";

/** A Polymath library uploaded to a collection: each bit becomes one passage (lib/ingest/passage-formats.ts). */
export const polymathLibraryFormat: PassageFormat = {
  label: "a Polymath library",
  matches: isLibrary,
  detect: libraryJson,
  read(content, collection) {
    try {
      return readLibrary(content, collection).bits;
    } catch (error) {
      if (error instanceof PolymathError) throw new IngestError(error.message);
      throw error;
    }
  },
};

export function registerPolymathPassages(): void {
  registerPassageFormat(polymathLibraryFormat);
}
