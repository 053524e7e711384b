"use client";

import { useEffect, useRef } from "react";

const PARAM = "chat";

/**
 * The open chat's id in the address (`/?chat=…`): a reload reopens the chat instead of an empty
 * page. The address names the chat only once it is stored (after its first answer).
 */
export function useChatInUrl(chatId: string | null, open: (id: string) => Promise<void>) {
  const started = useRef(false);
  const restoring = useRef(false);
  // First, reopen the chat the address names.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const id = new URLSearchParams(window.location.search).get(PARAM);
    if (!id) return;
    restoring.current = true;
    void open(id).finally(() => (restoring.current = false));
  }, [open]);
  // Then keep the address in step with the open chat (not while the named one is still loading).
  useEffect(() => {
    if (restoring.current) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(PARAM) === chatId) return;
    if (chatId) url.searchParams.set(PARAM, chatId);
    else url.searchParams.delete(PARAM);
    window.history.replaceState(window.history.state, "", url);
  }, [chatId]);
}
