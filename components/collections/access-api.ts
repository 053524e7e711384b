import type { CollectionGrantInput } from "@/lib/security/collection-access";
import { fetchJson } from "@/components/ui/http";
import { collectionUrl } from "./api";

/** Who may read or edit a collection (GET/PUT /v1/collections/{name}/access, admins only). */

export const accessUrl = (name: string) => `${collectionUrl(name)}/access`;

export type Grant = CollectionGrantInput;
export type GrantsResponse = { grants: Grant[] };

export const saveGrants = (name: string, grants: Grant[]) =>
  fetchJson<GrantsResponse>(accessUrl(name), { method: "PUT", body: JSON.stringify({ grants }) });

export const sameSubject = (a: Grant, b: Grant) => a.subject_type === b.subject_type && a.subject_id === b.subject_id;

export const INTEGRATION_SCOPES = [
  { id: "copilot", label: "Microsoft 365 Copilot plugin" },
  { id: "polymath", label: "Polymath host" },
  { id: "eri", label: "ERI server (AI Studio)" },
];
