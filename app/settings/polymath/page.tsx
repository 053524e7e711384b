import type { Metadata } from "next";
import { PolymathSettings } from "@/components/polymath/PolymathSettings";

export const metadata: Metadata = { title: "Polymath settings" };

export default function PolymathSettingsPage() {
  return <PolymathSettings />;
}
