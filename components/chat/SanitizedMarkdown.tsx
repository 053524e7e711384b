"use client";

import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

/** Markdown as the app renders it everywhere (answers, Markdown sources): GitHub flavour, sanitised HTML. */
export function SanitizedMarkdown({ markdown, components }: { markdown: string; components?: Components }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
      {markdown}
    </ReactMarkdown>
  );
}
