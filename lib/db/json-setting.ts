import type { ZodType } from "zod";
import { log } from "@/lib/log";
import { db } from "./client";

type Cached = { value: unknown; at: number };

/**
 * One cache per process, not per module instance: Next.js bundles a page and a route handler
 * separately, each with its own copy of this module, and a save in one must show in the other.
 */
const processCache: Map<string, Cached> = ((globalThis as { __docchatJsonSettings?: Map<string, Cached> }).__docchatJsonSettings ??=
  new Map());

/**
 * A group of settings stored as one JSON row of the Setting table, read through a short cache
 * (every request reads it; a change made by another instance shows within `cacheMs`). A row that
 * no longer parses is logged and read as the defaults (what the schema makes of `{}`).
 */
export function jsonSetting<T>(key: string, schema: ZodType<T>, options: { cacheMs?: number; unreadable: string }) {
  const cacheMs = options.cacheMs ?? 3_000;
  return {
    async load(): Promise<T> {
      const cache = processCache.get(key);
      if (cache && Date.now() - cache.at < cacheMs) return cache.value as T;
      const row = await db().setting.findUnique({ where: { key } });
      let value: T;
      try {
        value = schema.parse(row ? JSON.parse(row.value) : {});
      } catch {
        log("error", "setting_unreadable", { key, message: options.unreadable });
        value = schema.parse({});
      }
      processCache.set(key, { value, at: Date.now() });
      return value;
    },
    async save(value: T): Promise<T> {
      const json = JSON.stringify(value);
      await db().setting.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
      processCache.set(key, { value, at: Date.now() });
      return value;
    },
    /** Tests switch databases between cases. */
    reset(): void {
      processCache.delete(key);
    },
  };
}
