import { ChatView } from "@/components/chat/ChatView";
import { currentRole } from "@/components/shell/role";
import { config } from "@/lib/config";
import { SUPPORTED_EXTENSIONS, SUPPORTED_LABELS } from "@/lib/ingest/formats";

export default async function ChatPage() {
  const admin = (await currentRole()) === "admin";
  // Admins may drop files on the chat: the server's limits go down so the browser checks them first.
  const uploadLimits = admin
    ? {
        maxUploadBytes: config().maxUploadMb * 1024 * 1024,
        directUploads: config().objectStore !== null,
        supportedExtensions: [...SUPPORTED_EXTENSIONS],
        supportedFormats: SUPPORTED_LABELS,
      }
    : null;
  return <ChatView admin={admin} uploadLimits={uploadLimits} />;
}
