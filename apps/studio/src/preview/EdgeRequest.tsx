import type { EdgeTrace } from "@liftoff/schema";
import JsonView from "../events/JsonView.tsx";
import type { ServerRun } from "./groupTraces.ts";
import ServerRules from "./ServerRules.tsx";

/** The XDM event types a Web SDK request carries (`web.webpagedetails.pageViews`). */
function eventTypes(request: unknown): string {
  const events = (request as { events?: Array<{ xdm?: { eventType?: unknown } }> } | null)?.events;
  const types = Array.isArray(events)
    ? events.map((e) => e?.xdm?.eventType).filter((t): t is string => typeof t === "string")
    : [];
  return types.length > 0 ? types.join(", ") : "no event type";
}

/**
 * One request to the edge: what it sent (XDM), what the edge answered, and what the server
 * rules did with its events when the datastream forwards them.
 */
export default function EdgeRequest({
  edge,
  during,
  server,
}: {
  edge: EdgeTrace;
  during?: string;
  server?: ServerRun | undefined;
}) {
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
      {server && <ServerRules run={server} />}
    </li>
  );
}
