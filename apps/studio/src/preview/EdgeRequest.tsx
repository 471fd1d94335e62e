import type { EdgeTrace } from "@liftoff/schema";
import JsonView from "../events/JsonView.tsx";

/** The XDM event types a Web SDK request carries (`web.webpagedetails.pageViews`). */
function eventTypes(request: unknown): string {
  const events = (request as { events?: Array<{ xdm?: { eventType?: unknown } }> } | null)?.events;
  const types = Array.isArray(events)
    ? events.map((e) => e?.xdm?.eventType).filter((t): t is string => typeof t === "string")
    : [];
  return types.length > 0 ? types.join(", ") : "no event type";
}

/** One request to the edge: what it sent (XDM) and what the edge answered. */
export default function EdgeRequest({ edge, during }: { edge: EdgeTrace; during?: string }) {
  const status = edge.error
    ? `failed: ${edge.error}`
    : edge.status !== undefined
      ? `HTTP ${edge.status}`
      : "waiting for the answer";
  return (
    <li className="card edge-request">
      <p>
        <strong>{eventTypes(edge.request)}</strong>{" "}
        <span className={edge.error || (edge.status ?? 200) >= 400 ? "warn" : "muted"}>
          {status}
          {edge.ms !== undefined && ` · ${Math.round(edge.ms)} ms`}
        </span>
        {during && <span className="muted"> · during {during}</span>}
      </p>
      <p className="muted preview-url">{edge.url}</p>
      <JsonView value={edge.request} label="request" openDepth={0} />
      {edge.response !== undefined && (
        <JsonView value={edge.response} label="response" openDepth={0} />
      )}
    </li>
  );
}
