import type { Consent } from "./createConsent.ts";
import type { Send } from "./createEdgeTransport.ts";
import { applyOverrides } from "./createSendEvent.ts";
import type { Config } from "./validateConfig.ts";
import type { Dict } from "./validate.ts";

interface SetConsentDeps {
  config: Config;
  consent: Consent;
  send: Send;
  /** localStorage key prefix of the per-standard hashes used to skip repeated requests. */
  hashPrefix: string;
  /** The identity cookie was missing at configure: stored hashes belong to someone else. */
  staleHashes?: boolean;
  /** Reads the decision the edge wrote into the consent cookie. */
  afterSend(): void;
  win?: Window;
}

/** A short, stable fingerprint of a consent entry (FNV-1a over its JSON). */
export const hashConsent = (value: unknown) => {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(value)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0).toString(36);
};

/**
 * `setConsent` (edge-protocol.md §4): the consent array (Adobe 1.0/2.0, IAB TCF — passed
 * through untouched) goes to `privacy/set-consent` one call at a time; identical repeats are
 * skipped. Commands wait (pending) until the edge's consent cookie says in or out.
 */
export default function createSetConsent(deps: SetConsentDeps) {
  const { config, consent, send, win = window } = deps;
  let queue: Promise<unknown> = Promise.resolve();
  let stale = deps.staleHashes;
  const storage = (): Storage | undefined => {
    try {
      const store = win.localStorage;
      if (stale)
        Object.keys(store)
          .filter((k) => k.startsWith(deps.hashPrefix))
          .forEach((k) => store.removeItem(k));
      stale = false;
      return store;
    } catch {
      return undefined; // storage blocked: nothing to compare or clear
    }
  };
  return (options: Dict): Promise<Dict> => {
    const previous = consent.state;
    consent.suspend();
    const run = async () => {
      const items = options.consent as Dict[];
      const hashes = items.map((item) => [
        `${deps.hashPrefix}${String(item?.standard)}.${String(item?.version)}`,
        hashConsent(item),
      ]);
      const store = storage();
      const changed = hashes.some(([key, hash]) => store?.getItem(key!) !== hash);
      try {
        if (changed) {
          const payload: Dict = { consent: items };
          if (options.identityMap) payload.identityMap = options.identityMap;
          payload.query = { identity: { fetch: ["ECID"] } };
          const configId = applyOverrides(config, payload, options.edgeConfigOverrides);
          await send("privacy/set-consent", payload, { configId });
          hashes.forEach(([key, hash]) => store?.setItem(key!, hash!));
        }
      } catch (error) {
        deps.afterSend();
        // Without a decision from the edge, fall back to what held before this call.
        if (consent.state === "pending") consent.update(previous);
        throw error;
      }
      deps.afterSend();
      return {};
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}
