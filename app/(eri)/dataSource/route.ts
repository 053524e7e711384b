import { DataSourceInfo } from "@/lib/eri/schemas";
import { eriJson, eriRoute } from "@/lib/eri/server/http";

export const dynamic = "force-dynamic";

export const GET = eriRoute(
  async (_request, settings) => eriJson(DataSourceInfo, { name: settings.dataSourceName, description: settings.dataSourceDescription }),
  { requireSession: true },
);
