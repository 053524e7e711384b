import type { Metadata } from "next";
import { FeedbackReview } from "@/components/feedback/FeedbackReview";

export const metadata: Metadata = { title: "Answer feedback" };

export default function FeedbackPage() {
  return <FeedbackReview />;
}
