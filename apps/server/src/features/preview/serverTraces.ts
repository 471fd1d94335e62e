import {
  SERVER_PAGE_ID,
  type DeliveryInfo,
  type DeliveryTrace,
  type ForwardingTrace,
  type ShownRequest,
} from "@liftoff/schema";
import type { AttemptResult } from "../forwarding/ForwardingRepository.ts";
import type { PreviewPlanned } from "../forwarding/ForwardingWorker.ts";
import { shownRequest } from "../forwarding/forwardingRoutes.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

/**
 * A shown request's body is cut here: a webhook that sends the whole event can be large, and
 * a session keeps 2,000 records (docs/preview.md, Limits).
 */
export const SHOWN_BODY_MAX = 16 * 1024;
/** Deliveries listed in one record (a rule set with more actions lists the first ones). */
export const SHOWN_DELIVERIES_MAX = 50;

function shown(delivery: DeliveryInfo): ShownRequest {
  const request = shownRequest(delivery.request);
  const body = request.body;
  if (body === null || body.length <= SHOWN_BODY_MAX) return request;
  return { ...request, body: body.slice(0, SHOWN_BODY_MAX), bodyCut: body.length - SHOWN_BODY_MAX };
}

/** What the rules did with one event of a preview tab's request, as the panel shows it. */
export function forwardingTrace(report: PreviewPlanned, now: number): ForwardingTrace {
  return {
    type: "forwarding",
    pageId: SERVER_PAGE_ID,
    at: now,
    seq: now,
    requestId: report.requestId,
    eventIndex: report.eventIndex,
    ...(report.eventType === undefined ? {} : { eventType: report.eventType }),
    propertyId: report.propertyId,
    environmentId: report.environmentId,
    outcomes: report.outcomes,
    deliveries: report.deliveries.slice(0, SHOWN_DELIVERIES_MAX).map((d) => ({
      id: d.id,
      ruleId: d.ruleId,
      ruleName: d.ruleName,
      actionIndex: d.actionIndex,
      destination: d.destination,
      host: d.host,
      request: shown(d),
      state: d.state,
    })),
  };
}

/** One attempt on a preview tab's delivery (`delivery` as it was claimed, before it). */
export function deliveryTrace(
  delivery: DeliveryInfo,
  result: AttemptResult,
  now: number,
): DeliveryTrace {
  const { attempt } = result;
  return {
    type: "delivery",
    pageId: SERVER_PAGE_ID,
    at: now,
    seq: now,
    requestId: delivery.requestId,
    eventIndex: delivery.eventIndex,
    deliveryId: delivery.id,
    attempt: delivery.attempts + 1,
    state: result.state,
    ...(attempt.status === undefined ? {} : { status: attempt.status }),
    ...(attempt.error === undefined ? {} : { error: attempt.error }),
    latencyMs: attempt.latencyMs,
    ...(attempt.excerpt === undefined ? {} : { excerpt: attempt.excerpt }),
    ...(result.state === "delivered" ? {} : { reason: result.reason }),
    ...(result.state === "pending" ? { nextAt: new Date(result.nextMs).toISOString() } : {}),
  };
}

/**
 * The forwarding worker's preview hooks (ForwardingWorker.tellPreviewsThrough): each report
 * becomes a record of the session, kept and announced as a page's are (PreviewSessions
 * .addTraces: the session's bounds, the cluster bus to every node's streams). A session
 * that ended or is unknown keeps nothing, silently: a tab can outlive its preview. The
 * worker does not wait: a failed write is logged and costs only the record.
 */
export function previewForwardingHooks(
  sessions: PreviewSessions,
  log: (message: string, error: unknown) => void,
  now: () => number = Date.now,
) {
  const keep = (sessionId: string, trace: ForwardingTrace | DeliveryTrace) =>
    void sessions
      .addTraces(sessionId, [trace])
      .catch((error: unknown) => log("preview: a server rule record was not kept", error));
  return {
    planned: (report: PreviewPlanned) => keep(report.sessionId, forwardingTrace(report, now())),
    attempt: (sessionId: string, delivery: DeliveryInfo, result: AttemptResult) =>
      keep(sessionId, deliveryTrace(delivery, result, now())),
  };
}
