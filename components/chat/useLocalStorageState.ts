"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * A small JSON value remembered in localStorage. The server render (and the first client
 * render) use `fallback`, then the stored value; no hydration mismatch.
 */
const EVENT = "docchat:local-storage";

function subscribe(listener: () => void) {
  window.addEventListener(EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const cache = new Map<string, { raw: string | null; value: unknown }>();

export function useLocalStorageState<T>(key: string, fallback: T, isValid: (v: unknown) => v is T): [T, (value: T) => void] {
  const getSnapshot = useCallback((): T => {
    const raw = readRaw(key);
    const hit = cache.get(key);
    if (hit && hit.raw === raw) return hit.value as T; // same reference while unchanged
    let value: T = fallback;
    if (raw !== null) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isValid(parsed)) value = parsed;
      } catch {
        // Corrupt value: use the fallback.
      }
    }
    cache.set(key, { raw, value });
    return value;
  }, [key, fallback, isValid]);
  const value = useSyncExternalStore(subscribe, getSnapshot, () => fallback);
  const set = useCallback(
    (next: T) => {
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage unavailable: nothing is remembered.
      }
      window.dispatchEvent(new Event(EVENT));
    },
    [key],
  );
  return [value, set];
}
