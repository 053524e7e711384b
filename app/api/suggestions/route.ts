import { exampleQuestions } from "@/lib/chat/suggestions";
import { json, route } from "@/lib/http/respond";
import { principalOf } from "@/lib/security/principal";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

export const GET = route(async (request: Request) => {
  const raw = new URL(request.url).searchParams.get("collections");
  const collections = raw
    ? raw
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean)
    : null;
  return json({ questions: await exampleQuestions(await principalOf(request), collections) });
});
