"use client";

import { useCallback, useState, type KeyboardEvent } from "react";

/** Column 0 opens a chat; 1 and 2 are its rename and delete buttons. */
const COLUMNS = 3;

interface Item {
  id: string;
}

/**
 * A list that is one Tab stop (WAI-ARIA roving tabindex): Up/Down/Home/End move between
 * items, Left/Right between an item's buttons, F2 and Delete act on the focused item.
 * Elements carry `data-roving="<id>:<column>"` so focus can be moved to them.
 */
export function useRovingFocus<T extends Item>(
  items: T[],
  preferredId: string | null,
  onRename: (item: T) => void,
  onDelete: (item: T) => void,
) {
  const [current, setCurrent] = useState<{ id: string; column: number } | null>(null);
  // The focused item, else the open chat, else the first one: always exactly one stop.
  const stopId = items.some((i) => i.id === current?.id)
    ? current!.id
    : items.some((i) => i.id === preferredId)
      ? preferredId
      : (items[0]?.id ?? null);
  const stopColumn = stopId === current?.id ? current.column : 0;

  const move = useCallback((from: HTMLElement, id: string, column: number) => {
    const root = from.closest("[role=group]") ?? document;
    root.querySelector<HTMLElement>(`[data-roving="${CSS.escape(`${id}:${column}`)}"]`)?.focus();
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const at = (event.target as HTMLElement).dataset.roving;
      if (!at) return;
      const split = at.lastIndexOf(":");
      const id = at.slice(0, split);
      const column = Number(at.slice(split + 1));
      const index = items.findIndex((i) => i.id === id);
      if (index === -1) return;
      const target = event.target as HTMLElement;
      const go = (i: number, c = 0) => {
        event.preventDefault();
        const item = items[Math.max(0, Math.min(items.length - 1, i))];
        if (item) move(target, item.id, c);
      };
      switch (event.key) {
        case "ArrowDown":
          return go(index + 1);
        case "ArrowUp":
          return go(index - 1);
        case "Home":
          return go(0);
        case "End":
          return go(items.length - 1);
        case "ArrowRight":
          return go(index, Math.min(COLUMNS - 1, column + 1));
        case "ArrowLeft":
          return go(index, Math.max(0, column - 1));
        case "F2":
          event.preventDefault();
          return onRename(items[index]);
        case "Delete":
          event.preventDefault();
          return onDelete(items[index]);
      }
    },
    [items, move, onRename, onDelete],
  );

  return {
    onKeyDown,
    tabIndex: (id: string, column: number) => (id === stopId && column === stopColumn ? 0 : -1),
    focused: (id: string, column: number) => setCurrent({ id, column }),
    /** After an inline edit: focus goes back to the item's entry. */
    refocus: () => {
      const id = current?.id;
      if (!id) return;
      setCurrent({ id, column: 0 });
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-roving="${CSS.escape(`${id}:0`)}"]`)?.focus());
    },
  };
}
