/**
 * Whether this browser signed in before. The session cookie is httpOnly, so script cannot
 * see it; without this hint every signed-out visit would start with a 401 from
 * GET /api/session, which Chromium logs as a console error. With it, a fresh visit goes
 * straight to the sign-in page and only a session that expired costs one 401.
 */
const KEY = "liftoff.signedIn";

export const sessionHint = {
  get(): boolean {
    try {
      return localStorage.getItem(KEY) === "1";
    } catch {
      // Storage can be disabled; then ask the server every time.
      return true;
    }
  },
  set(signedIn: boolean): void {
    try {
      if (signedIn) localStorage.setItem(KEY, "1");
      else localStorage.removeItem(KEY);
    } catch {
      // Nothing to remember with; the server stays the source of truth.
    }
  },
};
