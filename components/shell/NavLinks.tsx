"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Chat", isActive: (p: string) => p === "/" },
  { href: "/collections", label: "Collections", isActive: (p: string) => p.startsWith("/collections") },
  { href: "/integrations", label: "Integrations", isActive: (p: string) => p.startsWith("/integrations") },
  { href: "/settings/eri", label: "Settings", isActive: (p: string) => p.startsWith("/settings") && !p.startsWith("/settings/polymath") },
  { href: "/settings/polymath", label: "Polymath", isActive: (p: string) => p.startsWith("/settings/polymath") },
];

export function NavLinks() {
  const pathname = usePathname() ?? "/";
  return (
    // On a phone the links scroll sideways: the right edge fades out to show there are more,
    // and the padding lets the last link scroll clear of the fade.
    <ul className="flex items-center gap-0.5 overflow-x-auto whitespace-nowrap py-1 pr-8 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] sm:gap-1 sm:pr-0 sm:[mask-image:none]">
      {LINKS.map(({ href, label, isActive }) => {
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
