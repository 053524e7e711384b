"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/settings/model", label: "Model" },
  { href: "/settings/eri", label: "ERI" },
  { href: "/settings/feedback", label: "Feedback" },
  { href: "/settings/users", label: "Users" },
  { href: "/settings/audit", label: "Audit" },
];

/** The admin settings pages (Polymath has its own place in the main navigation). */
export function SettingsTabs() {
  const pathname = usePathname() ?? "";
  if (!TABS.some((t) => pathname.startsWith(t.href))) return null;
  return (
    <nav aria-label="Settings" className="mx-auto max-w-5xl px-4 pt-4 sm:px-6">
      <ul className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {TABS.map(({ href, label }) => {
          const active = pathname.startsWith(href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium ${
                  active
                    ? "border-indigo-600 text-slate-900 dark:border-indigo-400 dark:text-white"
                    : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
