import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { closeDb } from "@/lib/db/client";
import { freshDataDir } from "../helpers/env";

const Schema = z.object({ published: z.array(z.string()).default([]) });

/** Next.js gives a page and a route handler their own copy of a module: each is a fresh import here. */
async function separateModuleInstance() {
  vi.resetModules();
  const { jsonSetting } = await import("@/lib/db/json-setting");
  return jsonSetting("test.shared", Schema, { cacheMs: 60_000, unreadable: "unreadable" });
}

describe("jsonSetting", () => {
  beforeAll(() => freshDataDir());
  afterAll(() => closeDb());

  it("a save through one module instance is read by another in the same process at once", async () => {
    const page = await separateModuleInstance();
    const route = await separateModuleInstance();
    expect(await page.load()).toEqual({ published: [] }); // cached for a minute
    await route.save({ published: ["handbook"] });
    expect(await page.load()).toEqual({ published: ["handbook"] });
  });
});
