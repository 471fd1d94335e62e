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

type Handlers = [resolve: () => void, reject: () => void];
const pending: Record<string, Handlers> = {};
let nextId = 0;

function settle(id: unknown, outcome: 0 | 1): void {
  const key = String(id);
  const handlers = pending[key];
  if (!handlers) return;
  delete pending[key];
  handlers[outcome]();
}

/** Puts the two callbacks on `window._satellite` (Core defines them when it loads). */
export function installHtmlCallbacks(): void {
  const w = window as unknown as { _satellite?: Record<string, unknown> };
  const satellite = (w._satellite ||= {});
  satellite._onCustomCodeSuccess = (id: unknown) => settle(id, 0);
  satellite._onCustomCodeFailure = (id: unknown) => settle(id, 1);
}

/**
 * The code with its callback id in place and the promise the page's callback settles; code
 * without the placeholder settles at once.
 */
export default function htmlCallback(code: string): { code: string; done: Promise<void> } {
  if (!code.includes(PLACEHOLDER)) return { code, done: Promise.resolve() };
  const key = String(nextId++);
  const done = new Promise<void>((resolve, reject) => {
    // Core rejects without a reason; the engine's message for that is the one users know.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    pending[key] = [resolve, () => reject()];
  });
  return { code: code.split(PLACEHOLDER).join(key), done };
}
