"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { COLLECTIONS_URL } from "@/components/collections/api";
import type { UploadLimits } from "@/components/collections/upload";
import { Button } from "@/components/ui/Button";
import { Drawer } from "@/components/ui/Drawer";
import { errorMessage } from "@/components/ui/http";
import { Spinner } from "@/components/ui/Spinner";
import { AnalysisPanel } from "./AnalysisPanel";
import { ChatComposer } from "./ChatComposer";
import { useChatUploads } from "./ChatUploads";
import { CollectionPicker } from "./CollectionPicker";
import { EmptyState } from "./EmptyState";
import { HISTORY_URL, HistoryList } from "./HistoryList";
import { IngestingNotice } from "./IngestingNotice";
import { SettingsDrawer } from "./SettingsDrawer";
import { TurnView } from "./TurnView";
import { DEFAULT_SETTINGS, type ChatSettings, type PanelState } from "./types";
import { useChat } from "./useChat";
import { useChatInUrl } from "./useChatInUrl";
import { useCollectionList, useEriSources } from "./useCollections";
import { useLocalStorageState } from "./useLocalStorageState";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isSettings = (v: unknown): v is ChatSettings =>
  typeof v === "object" && v !== null && ["retrievalMode", "top", "temperature", "suggestFollowups"].every((k) => k in v);
const NO_COLLECTIONS: string[] = [];
const CHAT_CLASS = "flex min-w-0 flex-1 flex-col";

interface Props {
  /** This user may manage collections and sources (a chat-only user is shown neither). */
  admin: boolean;
  /** Files may be dropped on the chat (admins), within these limits. */
  uploadLimits: UploadLimits | null;
}

export function ChatView({ admin, uploadLimits }: Props) {
  const { mutate } = useSWRConfig();
  const [settings, setSettings] = useLocalStorageState("docchat.chat-settings", DEFAULT_SETTINGS, isSettings);
  const [storedSelection, setSelection] = useLocalStorageState("docchat.collections", NO_COLLECTIONS, isStringArray);
  const { data: collections } = useCollectionList();
  // Forget picks of collections that have since been deleted.
  const selection = useMemo(
    () => (collections ? storedSelection.filter((n) => collections.some((c) => c.name === n)) : storedSelection),
    [collections, storedSelection],
  );
  const { data: allSources } = useEriSources(admin);
  const [storedSources, setSources] = useLocalStorageState("docchat.sources", NO_COLLECTIONS, isStringArray);
  const enabledSources = useMemo(() => allSources?.filter((s) => s.enabled) ?? [], [allSources]);
  const sources = useMemo(() => storedSources.filter((id) => enabledSources.some((s) => s.id === id)), [storedSources, enabledSources]);
  const searched = useMemo(() => (selection.length ? selection : (collections?.map((c) => c.name) ?? [])), [selection, collections]);
  const hasDocuments = collections ? collections.some((c) => c.file_count > 0) : undefined;

  const onStored = useCallback(() => void mutate(HISTORY_URL), [mutate]);
  const chat = useChat({ settings, collections: selection, sources, onStored });
  const [panel, setPanel] = useState<PanelState | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingChat, setLoadingChat] = useState(false);
  const [newChats, setNewChats] = useState(0);
  const uploads = useChatUploads({
    limits: uploadLimits,
    collections,
    selection,
    onIngested: useCallback(
      (name: string) => {
        void mutate(COLLECTIONS_URL);
        // Searching some collections already: the one the files went to joins them.
        if (selection.length && !selection.includes(name)) setSelection([...selection, name]);
      },
      [mutate, selection, setSelection],
    ),
  });
  const panelTurn = panel ? chat.turns.find((t) => t.id === panel.turnId) : undefined;

  const newChat = useCallback(() => {
    chat.clear();
    setPanel(null);
    setLoadError(null);
    setHistoryOpen(false);
    setNewChats((n) => n + 1);
  }, [chat]);

  const openChat = useCallback(
    async (id: string) => {
      setPanel(null);
      setHistoryOpen(false);
      setLoadError(null);
      setLoadingChat(true);
      try {
        await chat.load(id);
      } catch (error) {
        setLoadError(`Could not open that chat: ${errorMessage(error)}`);
      } finally {
        setLoadingChat(false);
      }
    },
    [chat],
  );

  useChatInUrl(chat.chatId, openChat);
  const scrollerRef = useFollowBottom(chat.turns);

  return (
    <div className="flex h-[calc(100dvh-3.5rem)]">
      <aside
        aria-label="Chat history"
        // With the details panel open, the history column makes room unless the screen is very wide.
        className={`hidden w-64 shrink-0 border-r border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40 ${panel ? "2xl:block" : "lg:block"}`}
      >
        <HistoryList activeChatId={chat.chatId} onOpen={openChat} onNewChat={newChat} onDeletedActive={newChat} />
      </aside>
      <Drawer open={historyOpen} side="left" title="Chat history" onClose={() => setHistoryOpen(false)}>
        {historyOpen && <HistoryList activeChatId={chat.chatId} onOpen={openChat} onNewChat={newChat} onDeletedActive={newChat} />}
      </Drawer>

      {/* Only a user who may upload gets the drop zone (a disabled one marks everything inside aria-disabled). */}
      <section
        aria-label="Chat"
        {...(uploadLimits ? uploads.zone.getRootProps({ className: CHAT_CLASS, role: "region" }) : { className: CHAT_CLASS })}
      >
        {uploadLimits && <input {...uploads.zone.getInputProps()} accept={uploads.accept} aria-label="Choose files to add" />}
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
          <Button size="sm" variant="ghost" className={panel ? "2xl:hidden" : "lg:hidden"} onClick={() => setHistoryOpen(true)}>
            History
          </Button>
          <CollectionPicker
            collections={collections}
            selected={selection}
            onChange={setSelection}
            sources={enabledSources}
            selectedSources={sources}
            onSourcesChange={setSources}
          />
          <div className="ml-auto flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setSettingsOpen(true)} aria-label="Chat settings">
              <GearIcon /> <span className="hidden sm:inline">Settings</span>
            </Button>
            {/* A new chat: the current one stays in the history (deleting is the history's own action). */}
            <Button size="sm" variant="ghost" onClick={newChat} disabled={chat.turns.length === 0} aria-label="Start a new chat">
              <PlusIcon /> <span className="hidden sm:inline">New chat</span>
            </Button>
          </div>
        </div>

        {/* relative: keeps sr-only (absolute) children inside the scroller, not stretching the page. */}
        <div ref={scrollerRef} className="relative min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-3xl px-3 py-4 sm:px-6 sm:py-6">
            <IngestingNotice collections={searched} />
            {loadError && (
              <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-300">
                {loadError}
              </p>
            )}
            {loadingChat && (
              <div className="mb-4">
                <Spinner label="Opening the chat…" />
              </div>
            )}
            {chat.turns.length === 0 ? (
              !loadingChat && <EmptyState collections={selection} hasDocuments={hasDocuments} admin={admin} onAsk={chat.ask} />
            ) : (
              <>
                <h1 className="sr-only">Chat</h1>
                <ol className="space-y-6" aria-label="Conversation">
                  {chat.turns.map((turn, i) => (
                    <TurnView
                      key={turn.id}
                      turn={turn}
                      isLast={i === chat.turns.length - 1}
                      panel={panel}
                      onOpenPanel={setPanel}
                      onRetry={() => chat.retry(turn.id)}
                      onFollowup={chat.ask}
                      onRegenerate={() => chat.regenerate(turn.id)}
                      onShowVariant={(index) => chat.showVariant(turn.id, index)}
                      onRate={(feedback) => chat.rate(turn.id, feedback)}
                    />
                  ))}
                </ol>
              </>
            )}
            <p className="sr-only" aria-live="polite">
              {chat.streaming ? "Answering…" : chat.turns.length ? "Answer complete." : ""}
            </p>
          </div>
        </div>

        <div className="border-t border-slate-200 bg-white px-3 py-3 dark:border-slate-800 dark:bg-slate-950">
          <div className="mx-auto max-w-3xl">
            {uploads.panel && <div className="mb-2">{uploads.panel}</div>}
            <ChatComposer
              streaming={chat.streaming}
              onAsk={chat.ask}
              onStop={chat.stop}
              focusKey={newChats}
              onAttach={uploadLimits ? uploads.zone.open : undefined}
            />
            <p className="mt-1.5 text-center text-xs text-slate-600 dark:text-slate-400">
              Answers come from your documents; check the citations.
            </p>
          </div>
        </div>
      </section>

      {panel && panelTurn && <AnalysisPanel turn={panelTurn} state={panel} onChange={setPanel} onClose={() => setPanel(null)} />}
      <SettingsDrawer open={settingsOpen} settings={settings} onChange={setSettings} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}

/** Keeps the conversation scrolled to the newest text while the reader is at the bottom. */
function useFollowBottom(dependency: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [dependency]);
  return ref;
}

function GearIcon() {
  return (
    <StrokeIcon>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </StrokeIcon>
  );
}

function PlusIcon() {
  return <StrokeIcon d="M12 5v14M5 12h14" round="cap" />;
}
