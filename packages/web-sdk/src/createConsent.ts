import { isNil } from "./validate.ts";
/** Why a command was stopped by consent; commands with this code resolve `{}` (alloy). */
export const DECLINED_CONSENT = "declinedConsent";

export type ConsentState = "in" | "out" | "pending";

export interface Consent {
  readonly state: ConsentState;
  /** Resolves when collection may go ahead; waits while pending; rejects when out. */
  awaitConsent(): Promise<void>;
  /** Like awaitConsent but never waits: rejects `Consent is pending.` while pending. */
  withConsent(): Promise<void>;
  /** setConsent in flight: later commands wait for its outcome. */
  suspend(): void;
  /** A `general=in|out` decision read from the consent cookie, or the default when none. */
  update(general: string | undefined): void;
}

const declined = (message: string) => Object.assign(new Error(message), { code: DECLINED_CONSENT });

/**
 * The general-consent state machine (edge-protocol.md §4). The client never interprets
 * consent payloads: the state comes from the `general` purpose the edge writes into the
 * `kndctr_<org>_consent` cookie, else from `defaultConsent`.
 */
export default function createConsent(
  defaultConsent: ConsentState,
  general: string | undefined,
  log: (message: string) => void,
): Consent {
  let state: ConsentState;
  let fromDefault = false;
  let waiting: Array<() => void> = [];
  const settle = (next: ConsentState) => {
    state = next;
    if (next === "pending") return;
    const release = waiting;
    waiting = [];
    release.forEach((fn) => fn());
  };
  const check = () => {
    if (state === "out")
      throw declined(
        fromDefault ? "No consent preferences have been set." : "The user declined consent.",
      );
  };
  const consent: Consent = {
    get state() {
      return state;
    },
    awaitConsent: () =>
      new Promise<void>((resolve) => {
        if (state === "pending") waiting.push(resolve);
        else resolve();
      }).then(check),
    withConsent: () =>
      new Promise<void>((resolve) => {
        if (state === "pending") throw new Error("Consent is pending.");
        check();
        resolve();
      }),
    suspend: () => settle("pending"),
    update(value) {
      if (value === "in" || value === "out") {
        fromDefault = false;
        if (value !== state) log(value === "in" ? "User consented." : "User declined consent.");
        settle(value);
      } else if (!isNil(value)) {
        log(`Unknown consent value: ${value}`);
      }
    },
  };
  if (general === "in" || general === "out") {
    log(
      `Loaded user consent preferences. The user previously ${general === "in" ? "consented" : "declined consent"}.`,
    );
    settle(general);
  } else {
    fromDefault = true;
    if (defaultConsent !== "in")
      log(
        `User consent preferences not found. Default consent of ${defaultConsent} will be used.${defaultConsent === "pending" ? " Some commands may be delayed." : ""}`,
      );
    settle(defaultConsent);
  }
  return consent;
}
