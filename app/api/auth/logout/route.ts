import { NextResponse } from "next/server";
import { route } from "@/lib/http/respond";
import { SESSION_COOKIE } from "@/lib/security/access";

export const POST = route(async () => {
  const response = NextResponse.json({ logged_out: true });
  response.cookies.delete(SESSION_COOKIE);
  return response;
});
