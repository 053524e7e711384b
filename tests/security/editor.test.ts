import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as fileTagPatch } from "@/app/api/polymath/collections/[name]/files/[file_id]/route";
import { GET as usersGet } from "@/app/api/users/route";
import { DELETE as filesDelete } from "@/app/v1/collections/[name]/documents/route";
import { GET as collectionsGet } from "@/app/v1/collections/route";
import { setGrants } from "@/lib/security/collection-access";
import { freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";
import { ADMIN, admitted, closeProtectedApp, call, createUsers, type Handler, request, signIn, USER_TOKEN } from "../helpers/accounts";

/**
 * The editor role: a person who also manages the files of the collections an admin granted them
 * edit access to, and nothing else an admin does.
 */

let ids: Record<string, string> = {};
let eli = "";
let sam = "";

beforeAll(async () => {
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN, CHAT_TOKEN: USER_TOKEN });
  await ingestHandbook();
  ids = await createUsers([
    ["eli@example.org", [], "editor"],
    ["sam@example.org", [], "user"],
  ]);
  // handbook: everyone reads it, Eli edits it; secret: open to every reader, edited by no one.
  await setGrants("handbook", [
    { subject_type: "everyone", subject_id: "", access: "read" },
    { subject_type: "user", subject_id: ids["eli@example.org"], access: "edit" },
  ]);
  eli = (await signIn("eli@example.org")).cookie;
  sam = (await signIn("sam@example.org")).cookie;
}, 120_000);

afterAll(closeProtectedApp);

const names = async (cookie: string, query = "") =>
  ((await (await call(collectionsGet as Handler, request(`/v1/collections${query}`, { cookie }))).json()) as { name: string }[]).map(
    (c) => c.name,
  );
const deleteFiles = (cookie: string, collection: string) =>
  call(
    filesDelete as Handler,
    request(`/v1/collections/${collection}/documents`, { method: "DELETE", cookie, body: { file_ids: ["no-such-file"] } }),
    { name: collection },
  );

describe("an editor", () => {
  it("is created and listed as such", async () => {
    const listed = (await (await call(usersGet as Handler, request("/api/users", { bearer: ADMIN }))).json()) as {
      users: { email: string; role: string }[];
    };
    expect(listed.users.map((u) => [u.email, u.role])).toEqual([
      ["eli@example.org", "editor"],
      ["sam@example.org", "user"],
    ]);
  });

  it("manages the files of the collections they may edit, and only those", async () => {
    const path = "/v1/collections/handbook/documents";
    expect(await admitted(path, { method: "DELETE", cookie: eli, body: { file_ids: ["x"] } })).toBe(200);
    expect(await admitted(path, { method: "DELETE", cookie: sam, body: { file_ids: ["x"] } })).toBe(401);
    expect((await deleteFiles(eli, "handbook")).status).toBe(200);
    // Readable but not theirs to edit: as missing as a collection that does not exist.
    expect((await deleteFiles(eli, "secret")).status).toBe(404);
    expect(await names(eli)).toEqual(["handbook", "secret"]);
    expect(await names(eli, "?access=edit")).toEqual(["handbook"]);
    expect(await names(sam, "?access=edit")).toEqual([]);
    expect(await admitted("/collections", { cookie: eli })).toBe(200);
    expect(await admitted("/collections/handbook", { cookie: eli })).toBe(200);
    expect(await admitted("/collections", { cookie: sam })).toBe(401);
  });

  it("sets access tags on the files of their collections, as an admin does", async () => {
    const tag = (collection: string) =>
      call(
        fileTagPatch as Handler,
        request(`/api/polymath/collections/${collection}/files/nope`, { method: "PATCH", cookie: eli, body: { access_tag: "x" } }),
        { name: collection, file_id: "nope" },
      );
    // No such file in their collection: 404 from the route, not 401 from the role check.
    expect((await tag("handbook")).status).toBe(404);
    expect((await tag("secret")).status).toBe(404);
    const bySam = await call(
      fileTagPatch as Handler,
      request("/api/polymath/collections/handbook/files/nope", { method: "PATCH", cookie: sam, body: { access_tag: "x" } }),
      { name: "handbook", file_id: "nope" },
    );
    expect(bySam.status).toBe(401);
  });

  it("does nothing else an admin does: create or delete collections, change access, manage people or settings", async () => {
    const refused: [string, string, unknown][] = [
      ["POST", "/v1/collections", { name: "new_one" }],
      ["DELETE", "/v1/collections/handbook", undefined],
      ["PUT", "/v1/collections/handbook/access", { grants: [] }],
      ["GET", "/v1/collections/handbook/export", undefined],
      ["GET", "/api/users", undefined],
      ["PATCH", "/api/settings/model", { chat_model: "x" }],
      ["GET", "/settings/eri", undefined],
    ];
    for (const [method, path, body] of refused) expect(await admitted(path, { method, cookie: eli, body }), `${method} ${path}`).toBe(401);
  });
});
