import { saveFeedback } from "@/lib/feedback/store";
import { FeedbackInput } from "@/lib/feedback/schemas";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { chatOwnerOf } from "@/lib/security/principal";

export const dynamic = "force-dynamic";

/** A reader rates one of their own answers (thumbs up/down, optional comment; rating null clears it). */
export const PUT = route(async (request: Request) =>
  json(await saveFeedback(await chatOwnerOf(request), parseWith(FeedbackInput, await readJson(request)))),
);
