import type { Metadata } from "next";
import { InviteAcceptance } from "@/components/auth/InviteAcceptance";

export const metadata: Metadata = { title: "Accept an invitation" };

export default function InvitePage() {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-4 text-2xl font-semibold">Join DocChat</h1>
      <InviteAcceptance />
    </div>
  );
}
