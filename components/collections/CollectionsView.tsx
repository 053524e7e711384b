"use client";

import { useRouter } from "next/navigation";
import useSWR from "swr";
import type { CollectionInfo } from "@/lib/knowledge/schemas";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { errorMessage, jsonFetcher } from "@/components/ui/http";
import { COLLECTIONS_URL, collectionPageUrl, EDITABLE_COLLECTIONS_URL } from "./api";
import { CollectionsTable } from "./CollectionsTable";
import { CreateCollectionForm } from "./CreateCollectionForm";

/** Admins see and create every collection; an editor sees the collections they may edit. */
export function CollectionsView({ namePattern, admin }: { namePattern: string; admin: boolean }) {
  const { data, error, isLoading, mutate } = useSWR<CollectionInfo[]>(admin ? COLLECTIONS_URL : EDITABLE_COLLECTIONS_URL, jsonFetcher);
  const router = useRouter();

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Collections</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {admin
            ? "A collection is a set of documents the chat can search. Create one, then open it to upload files."
            : "The collections an admin made you an editor of: open one to upload or remove its files."}
        </p>
      </div>

      {admin && (
        <CreateCollectionForm
          namePattern={namePattern}
          existingNames={data?.map((c) => c.name) ?? []}
          onCreated={(name) => {
            void mutate();
            // A new collection is empty: its page is where files are added.
            router.push(collectionPageUrl(name));
          }}
        />
      )}

      <section aria-labelledby="collections-heading" className="space-y-3">
        <h2 id="collections-heading" className="text-lg font-semibold">
          Your collections
        </h2>
        {error ? (
          <ErrorNotice message={`Could not load collections: ${errorMessage(error)}`} onRetry={() => mutate()} />
        ) : (
          <CollectionsTable collections={data} loading={isLoading} onDeleted={() => mutate()} canDelete={admin} />
        )}
      </section>
    </div>
  );
}
