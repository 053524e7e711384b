import type { ZodType } from "zod";
import { log } from "@/lib/log";
import { db } from "./client";

/**
 * A group of settings stored as one JSON row of the Setting table, read through a short cache
 * (every request reads it; a change made by another instance shows within `cacheMs`). A row that
 * no longer parses is logged and read as the defaults (what the schema makes of `{}`).
 */
export function jsonSetting<T>(key: string, schema: ZodType<T>, options: { cacheMs?: number; unreadable: string }) {
  const cacheMs = options.cacheMs ?? 3_000;
  let cache: { value: T; at: number } | undefined;
  return {
    async load(): Promise<T> {
      if (cache && Date.now() - cache.at < cacheMs) return cache.value;
      const row = await db().setting.findUnique({ where: { key } });
      let value: T;
      try {
        value = schema.parse(row ? JSON.parse(row.value) : {});
      } catch {
        log("error", "setting_unreadable", { key, message: options.unreadable });
        value = schema.parse({});
      }
      cache = { value, at: Date.now() };
      return value;
    },
    async save(value: T): Promise<T> {
      const json = JSON.stringify(value);
      await db().setting.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
      cache = { value, at: Date.now() };
      return value;
    },
    /** Tests switch databases between cases. */
    reset(): void {
      cache = undefined;
    },
  };
}
