import type { Metadata } from "next";
import { EriSettings } from "@/components/eri/EriSettings";

export const metadata: Metadata = { title: "ERI settings" };

export default function EriSettingsPage() {
  return <EriSettings />;
}
