import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { SourceDraft } from "@/lib/eri/source-schemas";
import { testDraft } from "@/lib/eri/sources";

/** Tests connection settings before saving them (the add/edit form's "Test connection"). */
export const POST = adminRoute(async (request: Request) => json(await testDraft(parseWith(SourceDraft, await readJson(request)))));
