"use client";

import { useId, useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, fetchJson, jsonFetcher } from "@/components/ui/http";
import { groupChats } from "./history-groups";
import type { ChatSummary } from "./types";
import { useRovingFocus } from "./useRovingFocus";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

export const HISTORY_URL = "/api/history";
const chatUrl = (id: string) => `${HISTORY_URL}/${encodeURIComponent(id)}`;

interface Props {
  activeChatId: string | null;
  onOpen(id: string): void;
  onNewChat(): void;
  /** The open chat was deleted. */
  onDeletedActive(): void;
}

/** Past chats, newest first in date groups, searchable by title: open, rename (inline), delete (confirmed). */
export function HistoryList({ activeChatId, onOpen, onNewChat, onDeletedActive }: Props) {
  const { data: chats, error, isLoading, mutate } = useSWR<ChatSummary[]>(HISTORY_URL, jsonFetcher);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ChatSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const searchId = useId();
  const hintId = useId();

  async function rename(id: string, title: string) {
    setRenaming(null);
    const trimmed = title.trim();
    if (!trimmed || trimmed === chats?.find((c) => c.id === id)?.title) return;
    try {
      await mutate(
        async (list) => {
          await fetchJson(chatUrl(id), { method: "PATCH", body: JSON.stringify({ title: trimmed }) });
          return list;
        },
        {
          optimisticData: (list) => (list ?? []).map((c) => (c.id === id ? { ...c, title: trimmed } : c)),
          rollbackOnError: true,
          revalidate: true,
        },
      );
    } catch (e) {
      setActionError(`Could not rename the chat: ${errorMessage(e)}`);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    setActionError(null);
    try {
      await fetchJson(chatUrl(toDelete.id), { method: "DELETE" });
      if (toDelete.id === activeChatId) onDeletedActive();
      setToDelete(null);
      await mutate();
    } catch (e) {
      setActionError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const groups = useMemo(() => groupChats(chats ?? [], query), [chats, query]);
  const shown = useMemo(() => groups.flatMap((g) => g.chats), [groups]);
  const roving = useRovingFocus(
    shown,
    activeChatId,
    (chat) => setRenaming(chat.id),
    (chat) => setToDelete(chat),
  );

  return (
    <div className="flex h-full flex-col">
      <div className="space-y-2 p-3">
        <Button variant="secondary" className="w-full" onClick={onNewChat}>
          <PlusIcon /> New chat
        </Button>
        {chats && chats.length > 0 && (
          <>
            <label htmlFor={searchId} className="sr-only">
              Search chats
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search chats"
              className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:placeholder:text-slate-400"
            />
          </>
        )}
      </div>
      <h2 className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">History</h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {error && <ErrorNotice message={`Could not load history: ${errorMessage(error)}`} onRetry={() => mutate()} />}
        {actionError && !toDelete && (
          <p role="alert" className="px-2 py-1 text-sm text-red-700 dark:text-red-300">
            {actionError}
          </p>
        )}
        {isLoading && (
          <div role="status" aria-label="Loading history" className="space-y-2 px-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-8 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
            ))}
          </div>
        )}
        {chats && chats.length === 0 && (
          <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-400">Your chats will appear here.</p>
        )}
        {chats && chats.length > 0 && shown.length === 0 && (
          <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-400">No chat title contains “{query.trim()}”.</p>
        )}
        {/* One Tab stop for the whole list: arrow keys move between chats and to a chat's actions. */}
        <div aria-label="Past chats" role="group" onKeyDown={roving.onKeyDown}>
          {groups.map((group) => (
            <section key={group.label} aria-label={group.label} className="mb-2">
              <h3 className="px-2 pb-0.5 pt-1 text-xs font-medium text-slate-600 dark:text-slate-400" aria-hidden="true">
                {group.label}
              </h3>
              <ul className="space-y-0.5">
                {group.chats.map((chat) =>
                  renaming === chat.id ? (
                    <li key={chat.id} className="px-1 py-0.5">
                      <RenameField
                        initial={chat.title}
                        onDone={(title) => {
                          void rename(chat.id, title);
                          roving.refocus();
                        }}
                        onCancel={() => {
                          setRenaming(null);
                          roving.refocus();
                        }}
                      />
                    </li>
                  ) : (
                    <li
                      key={chat.id}
                      className="group flex items-center gap-0.5 rounded-md hover:bg-slate-100 dark:hover:bg-slate-800"
                      data-testid="history-item"
                      data-chat-id={chat.id}
                    >
                      <button
                        type="button"
                        onClick={() => onOpen(chat.id)}
                        tabIndex={roving.tabIndex(chat.id, 0)}
                        data-roving={`${chat.id}:0`}
                        onFocus={() => roving.focused(chat.id, 0)}
                        aria-current={chat.id === activeChatId ? "true" : undefined}
                        aria-keyshortcuts="F2 Delete"
                        aria-describedby={hintId}
                        title={chat.title}
                        className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left text-sm aria-[current=true]:bg-indigo-50 aria-[current=true]:font-medium aria-[current=true]:text-indigo-900 dark:aria-[current=true]:bg-indigo-950 dark:aria-[current=true]:text-indigo-100"
                      >
                        {/* Clamped inside the padding, so no third line peeks out below. */}
                        <span className="line-clamp-2 break-words">{chat.title}</span>
                        <time dateTime={chat.updatedAt} className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                          {formatDateTime(chat.updatedAt)}
                        </time>
                      </button>
                      <IconButton
                        label={`Rename chat ${chat.title}`}
                        onClick={() => setRenaming(chat.id)}
                        tabIndex={roving.tabIndex(chat.id, 1)}
                        data-roving={`${chat.id}:1`}
                        onFocus={() => roving.focused(chat.id, 1)}
                      >
                        <path d="M4 20h4L19 9l-4-4L4 16z" />
                      </IconButton>
                      <IconButton
                        label={`Delete chat ${chat.title}`}
                        onClick={() => setToDelete(chat)}
                        tabIndex={roving.tabIndex(chat.id, 2)}
                        data-roving={`${chat.id}:2`}
                        onFocus={() => roving.focused(chat.id, 2)}
                      >
                        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                      </IconButton>
                    </li>
                  ),
                )}
              </ul>
            </section>
          ))}
        </div>
        <p id={hintId} className="sr-only">
          Up and down arrows move between chats, right arrow to rename and delete. F2 renames, Delete deletes.
        </p>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this chat?"
        confirmLabel="Delete chat"
        busy={busy}
        error={toDelete ? actionError : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          setActionError(null);
        }}
      >
        “{toDelete?.title}” and its answers are removed from your history.
      </ConfirmDialog>
    </div>
  );
}

function RenameField({ initial, onDone, onCancel }: { initial: string; onDone(title: string): void; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const id = useId();
  // Enter and the blur that follows must not save twice.
  const finished = useRef(false);
  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    if (save) onDone(value);
    else onCancel();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        finish(true);
      }}
    >
      <label className="sr-only" htmlFor={id}>
        New title
      </label>
      <input
        id={id}
        autoFocus
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            finish(false);
          }
        }}
        className="w-full rounded-md border border-indigo-500 bg-white px-2 py-1 text-sm dark:bg-slate-900"
      />
    </form>
  );
}

type IconButtonProps = { label: string; children: React.ReactNode } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "aria-label" | "title"
>;

function IconButton({ label, children, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      title={label}
      className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded text-slate-500 opacity-100 hover:bg-slate-200 hover:text-slate-900 focus-visible:opacity-100 lg:opacity-0 lg:group-hover:opacity-100 lg:group-focus-within:opacity-100 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
    >
      <StrokeIcon>{children}</StrokeIcon>
    </button>
  );
}

function PlusIcon() {
  return <StrokeIcon d="M12 5v14M5 12h14" round="cap" />;
}
