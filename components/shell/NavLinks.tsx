"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Chat", isActive: (p: string) => p === "/", adminOnly: false },
  { href: "/collections", label: "Collections", isActive: (p: string) => p.startsWith("/collections"), adminOnly: true },
  { href: "/integrations", label: "Integrations", isActive: (p: string) => p.startsWith("/integrations"), adminOnly: true },
  {
    href: "/settings/eri",
    label: "Settings",
    isActive: (p: string) => p.startsWith("/settings") && !p.startsWith("/settings/polymath"),
    adminOnly: true,
  },
  { href: "/settings/polymath", label: "Polymath", isActive: (p: string) => p.startsWith("/settings/polymath"), adminOnly: true },
];

/** The pages this role may open: a chat-only user sees the chat alone, not links that end at a sign-in form. */
export function NavLinks({ admin }: { admin: boolean }) {
  const pathname = usePathname() ?? "/";
  const links = LINKS.filter((l) => admin || !l.adminOnly);
  return (
    // On a phone the links scroll sideways: the right edge fades out to show there are more,
    // and the padding lets the last link scroll clear of the fade.
    <ul className="flex items-center gap-0.5 overflow-x-auto whitespace-nowrap py-1 pr-8 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] sm:gap-1 sm:pr-0 sm:[mask-image:none]">
      {links.map(({ href, label, isActive }) => {
        const active = isActive(pathname);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              className={`rounded-md px-2 py-1.5 text-sm font-medium sm:px-3 ${
                active
                  ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
                  : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              }`}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
