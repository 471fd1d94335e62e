// Entry of the preview build's prelude (docs/preview.md, "The instrumentation"): runs before
// the container and the preview engine, installs the engine's trace hooks and sends what they
// report to the server. The builder puts `_satellite.__liftoffPreview` ({sessionId, label})
// in front of it.
import createTraceHooks from "./createTraceHooks.ts";
import createTraceSender from "./createTraceSender.ts";
import { endPreview, removePreviewParam } from "./forgetPreviewLink.ts";
import showBadge from "./showBadge.ts";
import watchEdge from "./watchEdge.ts";

const w = window as unknown as { _satellite?: Record<string, unknown> };
const satellite = (w._satellite = w._satellite || {});
const { sessionId, label } = satellite.__liftoffPreview as { sessionId: string; label: string };
const script = document.currentScript as HTMLScriptElement | null;
const endpoint = new URL(`/preview/${sessionId}/trace`, script?.src || location.href).href;
const pageId = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
  b.toString(16).padStart(2, "0"),
).join("");
const startedAt = Math.round(performance.timeOrigin);

removePreviewParam();
const sender = createTraceSender(endpoint, pageId);
watchEdge(sender.emit, sessionId);
satellite.__liftoffTrace = createTraceHooks(sender.emit, () => {
  const environment = (satellite.environment || {}) as { id: string; stage: string };
  sender.emit({
    type: "page",
    url: location.href,
    title: document.title,
    startedAt,
    buildInfo: { ...(satellite.buildInfo as Record<string, unknown>) },
    environment: { id: environment.id, stage: environment.stage },
  });
});
showBadge(label, endPreview);
