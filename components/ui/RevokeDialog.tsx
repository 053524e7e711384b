"use client";

import { ConfirmDialog } from "./ConfirmDialog";
import { useAction } from "./useAction";

interface Props {
  /** The credential being revoked; null: the dialog is closed. */
  item: { id: string; name: string } | null;
  /** What it is ("key", "token"), for the confirm button. */
  what: string;
  revoke(id: string): Promise<unknown>;
  onRevoked(): void;
  onClose(): void;
  /** What revoking it means for its clients. */
  children: React.ReactNode;
}

/** Asks before revoking a credential (an API key, an access token), and revokes it. */
export function RevokeDialog({ item, what, revoke, onRevoked, onClose, children }: Props) {
  const revocation = useAction();
  return (
    <ConfirmDialog
      open={item !== null}
      title={`Revoke “${item?.name ?? ""}”?`}
      confirmLabel={`Revoke ${what}`}
      busy={revocation.busy}
      error={revocation.error}
      onConfirm={() =>
        item &&
        revocation.run(async () => {
          await revoke(item.id);
          onClose();
          onRevoked();
        })
      }
      onCancel={() => {
        onClose();
        revocation.setError(null);
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
