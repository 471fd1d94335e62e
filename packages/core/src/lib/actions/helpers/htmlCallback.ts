/**
 * Custom HTML that reports back (reference §5.3): each `${reactorCallbackId}` in the code
 * becomes a number, and the action settles when the page calls
 * `_satellite._onCustomCodeSuccess(id)` or `_satellite._onCustomCodeFailure(id)`.
 * As in Core, both functions exist from the moment the custom-code module loads (an external
 * `RC…-source.js` or a tag may call them before any HTML ran), an unknown or already settled
 * id is ignored, and a failure rejects with no reason, which the engine logs as
 * "The extension triggered an error, but no error information was provided.".
 */
const PLACEHOLDER = "${reactorCallbackId}";

// Pending HTML by callback id (a number from the page is the same key as its text).
const pending: Record<string, (ok: boolean) => void> = {};
let nextId = 0;

function settle(id: string, ok: boolean): void {
  const handler = pending[id];
  delete pending[id];
  handler?.(ok);
}

/** Puts the two callbacks on `window._satellite` (Core defines them when it loads). */
export function installHtmlCallbacks(): void {
  const w = window as unknown as { _satellite?: Record<string, unknown> };
  const satellite = (w._satellite ||= {});
  satellite._onCustomCodeSuccess = (id: string) => settle(id, true);
  satellite._onCustomCodeFailure = (id: string) => settle(id, false);
}

/**
 * The code with its callback id in place and the promise the page's callback settles; code
 * without the placeholder settles at once.
 */
export default function htmlCallback(code: string): { code: string; done: Promise<void> } {
  if (!code.includes(PLACEHOLDER)) return { code, done: Promise.resolve() };
  const id = nextId++;
  const done = new Promise<void>((resolve, reject) => {
    // Core rejects without a reason; the engine's message for that is the one users know.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    pending[id] = (ok) => (ok ? resolve() : reject());
  });
  return { code: code.split(PLACEHOLDER).join(String(id)), done };
}
