import { useCallback, useState, type ReactNode } from "react";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { ConfirmContext, type ConfirmRequest } from "./useConfirm.ts";

interface Pending {
  request: ConfirmRequest;
  resolve: (confirmed: boolean) => void;
}

/** Hosts the one confirmation dialog every page asks through (`useConfirm`). */
export default function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces an unanswered first one, which counts as cancelled.
        setPending((previous) => {
          previous?.resolve(false);
          return { request, resolve };
        });
      }),
    [],
  );
  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <ConfirmDialog request={pending.request} onClose={close} />}
    </ConfirmContext.Provider>
  );
}
