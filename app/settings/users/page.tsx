import type { Metadata } from "next";
import { UsersSettings } from "@/components/users/UsersSettings";
import { adminToken } from "@/lib/security/access";

export const metadata: Metadata = { title: "Users" };

export default function UsersPage() {
  return <UsersSettings accountsOn={adminToken() !== null} />;
}
