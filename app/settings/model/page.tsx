import type { Metadata } from "next";
import { ModelSettings } from "@/components/settings/ModelSettings";

export const metadata: Metadata = { title: "Model settings" };

export default function ModelSettingsPage() {
  return <ModelSettings />;
}
