import { listFeedback } from "@/lib/feedback/store";
import { Rating } from "@/lib/feedback/schemas";
import { json, parseWith, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Admins: every rated answer with its question and cited passages, newest first (?rating=up|down). */
export const GET = route(async (request: Request) => {
  const rating = new URL(request.url).searchParams.get("rating");
  return json(await listFeedback({ rating: rating ? parseWith(Rating, rating) : undefined }));
});
