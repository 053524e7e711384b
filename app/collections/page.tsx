import type { Metadata } from "next";
import { CollectionsView } from "@/components/collections/CollectionsView";
import { currentRole } from "@/components/shell/role";
import { COLLECTION_NAME_RE } from "@/lib/knowledge/schemas";

export const metadata: Metadata = { title: "Collections" };

export default async function CollectionsPage() {
  // The server's own name rule, handed to the form so it can check names as they are typed.
  return <CollectionsView namePattern={COLLECTION_NAME_RE.source} admin={(await currentRole()) === "admin"} />;
}
