import { listFeedback, toEvalJsonl } from "@/lib/feedback/store";
import { Rating } from "@/lib/feedback/schemas";
import { parseWith, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Admins: the rated answers as an evaluation set (JSONL, scripts/eval-data's format), as a download. */
export const GET = route(async (request: Request) => {
  const rating = new URL(request.url).searchParams.get("rating");
  const entries = await listFeedback({ rating: rating ? parseWith(Rating, rating) : undefined, take: 10_000 });
  return new Response(toEvalJsonl(entries), {
    headers: {
      "Content-Type": "application/jsonl; charset=utf-8",
      "Content-Disposition": `attachment; filename="feedback-eval-${new Date().toISOString().slice(0, 10)}.jsonl"`,
      "Cache-Control": "no-store",
    },
  });
});
