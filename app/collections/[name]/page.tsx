import type { Metadata } from "next";
import { CollectionView } from "@/components/collections/CollectionView";
import { currentRole } from "@/components/shell/role";
import { config } from "@/lib/config";
import { SUPPORTED_EXTENSIONS, SUPPORTED_LABELS } from "@/lib/ingest/formats";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

export default async function CollectionPage({ params }: Props) {
  const name = decodeURIComponent((await params).name);
  // The server's limits, passed down so the drop zone checks files before uploading them.
  return (
    <CollectionView
      name={name}
      admin={(await currentRole()) === "admin"}
      maxUploadMb={config().maxUploadMb}
      directUploads={config().objectStore !== null}
      supportedExtensions={[...SUPPORTED_EXTENSIONS]}
      supportedFormats={SUPPORTED_LABELS}
    />
  );
}
