import { ChatView } from "@/components/chat/ChatView";
import { currentRole } from "@/components/shell/role";

export default async function ChatPage() {
  return <ChatView admin={(await currentRole()) === "admin"} />;
}
