"use client";

import useSWR from "swr";
import type { CollectionInfo, FileInfo } from "@/lib/knowledge/schemas";
import { COLLECTIONS_URL, filesUrl } from "@/components/collections/api";
import { fetchJson, jsonFetcher } from "@/components/ui/http";

export function useCollectionList() {
  return useSWR<CollectionInfo[]>(COLLECTIONS_URL, jsonFetcher);
}

const isIngesting = (f: FileInfo) => f.status === "uploading" || f.status === "ingesting";

/** Files of these collections still being ingested; polled while there are any. */
export function useIngestingFiles(collections: string[]) {
  const key = collections.length ? ["ingesting", ...collections] : null;
  return useSWR(
    key,
    async () => {
      const lists = await Promise.all(collections.map((c) => fetchJson<FileInfo[]>(filesUrl(c)).catch(() => [] as FileInfo[])));
      return lists.flat().filter(isIngesting);
    },
    { refreshInterval: (files) => (files?.length ? 3000 : 30_000) },
  );
}

/** Remote ERI sources the chat may also search (opt-in): admins see them all, chat users those shared with them. */
export interface EriSourceSummary {
  id: string;
  name: string;
  enabled: boolean;
}

export function useEriSources(admin: boolean) {
  return useSWR<EriSourceSummary[]>(admin ? "/api/eri/sources" : "/api/chat/sources", jsonFetcher, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
