import { requestOrigin } from "@/lib/http/origin";
import { parseQueryArguments, readArguments } from "@/lib/polymath/args";
import { describeHost, queryLibrary } from "@/lib/polymath/host";
import { corsPreflight, POLYMATH_PATH, polymathRoute } from "@/lib/polymath/http";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

/** Polymath library host: arguments in, a library out (errors are 200 {"error"}). */
export const POST = polymathRoute(async (request) =>
  queryLibrary(parseQueryArguments(await readArguments(request)), requestOrigin(request)),
);

/** What this host is and which arguments it takes. */
export const GET = polymathRoute(async (request) => describeHost(`${requestOrigin(request)}${POLYMATH_PATH}`));

export const OPTIONS = corsPreflight;
