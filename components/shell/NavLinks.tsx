"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { usePopover } from "@/components/ui/usePopover";
import { includesRole, type Role } from "@/lib/security/roles";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

const LINKS = [
  { href: "/", label: "Chat", isActive: (p: string) => p === "/", needs: "user" },
  { href: "/collections", label: "Collections", isActive: (p: string) => p.startsWith("/collections"), needs: "editor" },
  { href: "/integrations", label: "Integrations", isActive: (p: string) => p.startsWith("/integrations"), needs: "admin" },
  {
    href: "/settings/eri",
    label: "Settings",
    isActive: (p: string) => p.startsWith("/settings") && !p.startsWith("/settings/polymath"),
    needs: "admin",
  },
  { href: "/settings/polymath", label: "Polymath", isActive: (p: string) => p.startsWith("/settings/polymath"), needs: "admin" },
] satisfies { href: string; label: string; isActive(p: string): boolean; needs: Role }[];
const ACCOUNT_LINK = { href: "/account", label: "Account", isActive: (p: string) => p === "/account", needs: "user" as Role };

/**
 * The pages this role may open: a chat-only user sees the chat alone, not links that end at a
 * sign-in form; an editor also the collections; a person signed in with an account also their
 * account (API keys).
 */
export function NavLinks({ role, account }: { role: Role; account: boolean }) {
  const pathname = usePathname() ?? "/";
  const links = [...LINKS, ...(account ? [ACCOUNT_LINK] : [])].filter((l) => includesRole(role, l.needs));
  const { open, setOpen, containerRef, triggerRef } = usePopover();
  const menuId = useId();
  const items = (onPick?: () => void, block = false) =>
    links.map(({ href, label, isActive }) => {
      const active = isActive(pathname);
      return (
        <li key={href}>
          <Link
            href={href}
            onClick={onPick}
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${block ? "block" : ""} ${
              active
                ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            }`}
          >
            {label}
          </Link>
        </li>
      );
    });

  // One link (a chat-only user) fits anywhere.
  if (links.length === 1) return <ul className="flex items-center py-1">{items()}</ul>;
  return (
    <>
      <ul className="hidden items-center gap-1 whitespace-nowrap py-1 sm:flex">{items()}</ul>
      {/* On a phone every page sits in a menu, none hidden off the edge. */}
      <div ref={containerRef} className="relative sm:hidden">
        <button
          ref={triggerRef}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <StrokeIcon d="M4 6h16M4 12h16M4 18h16" round="cap" />
          Menu
        </button>
        {open && (
          <ul
            id={menuId}
            className="absolute right-0 top-full z-40 mt-1 w-48 space-y-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {items(() => setOpen(false), true)}
          </ul>
        )}
      </div>
    </>
  );
}
