import { adminRoute } from "@/lib/http/admin";
import { json } from "@/lib/http/respond";
import { testSource } from "@/lib/eri/sources";

type Ctx = { params: Promise<{ id: string }> };

/** Runs AI Studio's sequence against a saved source; the report says what worked or failed. */
export const POST = adminRoute(async (_request: Request, { params }: Ctx) => json(await testSource((await params).id)));
