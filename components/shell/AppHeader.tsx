import Link from "next/link";
import { cookies } from "next/headers";
import { SignOutButton } from "@/components/auth/SignOutButton";
import { isAccountSessionCookie } from "@/lib/auth/session";
import { SESSION_COOKIE } from "@/lib/security/access";
import { NavLinks } from "./NavLinks";
import { currentRole } from "./role";
import { ThemeToggle } from "./ThemeToggle";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

/** The one header every page sits under (chat, collections, settings). */
export async function AppHeader() {
  const jar = await cookies();
  const account = jar.getAll().some((c) => isAccountSessionCookie(c.name));
  const signedIn = account || jar.has(SESSION_COOKIE);
  const role = await currentRole();
  return (
    <header className="sticky top-0 z-30 h-14 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-2 px-3 sm:px-4">
        <Link href="/" className="mr-auto flex items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white">
          <LogoMark />
          {/* Visible from small screens up; always the link's accessible name. */}
          <span className="sr-only sm:not-sr-only">DocChat</span>
        </Link>
        {/* min-w-0: on a narrow phone the links scroll sideways instead of pushing the theme toggle off screen. */}
        <nav aria-label="Main" className="min-w-0">
          {role && <NavLinks role={role} account={account} />}
        </nav>
        {signedIn && <SignOutButton />}
        <ThemeToggle />
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <StrokeIcon className="h-6 w-6 text-indigo-600 dark:text-indigo-400" round="join">
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 12h7M9 16h5" strokeLinecap="round" />
    </StrokeIcon>
  );
}
