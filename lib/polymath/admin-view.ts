import { listCollectionRows } from "@/lib/knowledge/repo";
import { requestOrigin } from "@/lib/http/origin";
import { tagsInUse } from "./access";
import { polymathModelName } from "./format";
import { POLYMATH_PATH } from "./http";
import { viewPolymathSettings, type PolymathSettings, type PolymathSettingsView } from "./settings";

export interface PolymathSettingsResponse {
  settings: PolymathSettingsView;
  /** The host endpoint as the admin's browser reaches this app. */
  endpoint: string;
  collections: { name: string; embedding_model: string; dimensions: number }[];
  /** Access tags files carry now. */
  tags: string[];
}

export async function polymathSettingsResponse(settings: PolymathSettings, request: Request): Promise<PolymathSettingsResponse> {
  const [rows, tags] = await Promise.all([listCollectionRows(), tagsInUse()]);
  return {
    settings: viewPolymathSettings(settings),
    endpoint: `${requestOrigin(request)}${POLYMATH_PATH}`,
    collections: rows.map((r) => ({ name: r.name, embedding_model: polymathModelName(r.embeddingModel), dimensions: r.embeddingDims })),
    tags,
  };
}
