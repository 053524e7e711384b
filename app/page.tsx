import { ChatView } from "@/components/chat/ChatView";

export default function ChatPage() {
  return <ChatView />;
}
