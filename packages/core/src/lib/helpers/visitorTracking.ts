/**
 * Core's visitor tracking (reference §5.2 "Visitor tracking"): counts this page view once,
 * when the library starts. It is a helper module of its own in a library (build.mjs), so
 * every condition and data element using it reads one count. Keys live under
 * `com.adobe.reactor.core.visitorTracking.`:
 * - sessionStorage: landingPage, landingTime, pagesViewed, trafficSource;
 * - localStorage: sessionCount, pagesViewed.
 * Blocked storage degrades to this page alone (a new visitor on its landing page).
 */
const prefix = "com.adobe.reactor.core.visitorTracking.";

function storage(kind: "localStorage" | "sessionStorage") {
  const memory: Record<string, string> = {};
  let store: Storage | undefined;
  try {
    store = window[kind];
    store.setItem(`${prefix}test`, "1");
    store.removeItem(`${prefix}test`);
  } catch {
    store = undefined;
  }
  return {
    get: (key: string) => (store ? store.getItem(prefix + key) : (memory[key] ?? null)),
    set: (key: string, value: string | number) => {
      if (store) store.setItem(prefix + key, String(value));
      else memory[key] = String(value);
    },
  };
}

const session = storage("sessionStorage");
const local = storage("localStorage");
const count = (s: ReturnType<typeof storage>, key: string) => Number(s.get(key)) || 0;

if (session.get("landingPage") === null) {
  session.set("landingPage", location.href);
  session.set("landingTime", Date.now());
  session.set("trafficSource", document.referrer);
  local.set("sessionCount", count(local, "sessionCount") + 1);
}
session.set("pagesViewed", count(session, "pagesViewed") + 1);
local.set("pagesViewed", count(local, "pagesViewed") + 1);

export default {
  getLandingPage: () => session.get("landingPage") ?? "",
  getLandingTime: () => count(session, "landingTime"),
  getMinutesOnSite: () => Math.floor((Date.now() - count(session, "landingTime")) / 60000),
  getSessionCount: () => count(local, "sessionCount"),
  getSessionPageViewCount: () => count(session, "pagesViewed"),
  getLifetimePageViewCount: () => count(local, "pagesViewed"),
  getTrafficSource: () => session.get("trafficSource") ?? "",
  getIsNewVisitor: () => count(local, "sessionCount") === 1,
};
