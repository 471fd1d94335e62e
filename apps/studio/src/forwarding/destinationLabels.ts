import type { ConsentPurpose, DeliveryState, DestinationKind } from "@liftoff/schema";

/** Destinations as the action forms name them. */
export const DESTINATION_LABELS: Record<DestinationKind, string> = {
  meta: "Meta Conversions API",
  ga4: "Google Analytics 4",
  linkedin: "LinkedIn Conversions API",
  webhook: "Webhook",
  http: "HTTP request",
};

export const STATE_LABELS: Record<DeliveryState, string> = {
  pending: "Pending",
  delivered: "Delivered",
  dead: "Dead letter",
};

export const PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  none: "None (sent whatever the consent)",
  collect: "Collect",
  share: "Share",
  personalize: "Personalize",
};

/** `98.5 %`, or a dash when nothing was delivered or dead yet. */
export function percent(rate: number | null): string {
  return rate === null ? "–" : `${(Math.round(rate * 1000) / 10).toLocaleString()} %`;
}

/** `120 ms`, or a dash with no figure. */
export function millis(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? "–" : `${Math.round(ms).toLocaleString()} ms`;
}
