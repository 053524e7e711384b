import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { nonceOf } from "@/lib/security/headers";
import { AppHeader } from "@/components/shell/AppHeader";
import { SkipLink } from "@/components/shell/SkipLink";
import { THEME_INIT_SCRIPT } from "@/components/shell/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "DocChat — chat with your documents", template: "%s · DocChat" },
  description: "Ask questions about your documents and get answers with citations you can check.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page render per request, as a nonce-based CSP needs.
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return (
    // suppressHydrationWarning: the theme script adds `dark` to <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
        {/* Polymath clients find this app's library host here (and in the home page's Link header). */}
        <link rel="polymath" href="/api/polymath" />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        <AppHeader />
        {/* The one <main> landmark: pages render their content straight into it. */}
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
      </body>
    </html>
  );
}
