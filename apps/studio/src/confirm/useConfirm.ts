import { createContext, useContext, type ReactNode } from "react";

/** What a confirmation says: the question, the consequence in words, the confirming verb. */
export interface ConfirmRequest {
  /** The question, as the dialog's heading: "Delete the rule “Page view”?" */
  title: string;
  /** What will happen, in words (and, for a publish, what changes). */
  body: ReactNode;
  /** The confirming button's text: "Delete", "Publish to production"… */
  confirm: string;
  /** The action cannot be taken back in one click: the confirming button is red. */
  danger?: boolean;
}

export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);

/** Asks before a consequential action; resolves true only when the user confirms. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmProvider above it");
  return confirm;
}
