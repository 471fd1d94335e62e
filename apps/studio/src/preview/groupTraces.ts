import type {
  DataElementTrace,
  DeliveryTrace,
  EdgeTrace,
  ForwardingTrace,
  EventTrace,
  IdentityTrace,
  PageTrace,
  PreviewTrace,
  RuleTrace,
} from "@liftoff/schema";

/** A rule that listened to a trigger, and its run once reported. */
export interface RuleView {
  ruleId: string;
  ruleName: string;
  run?: RuleTrace;
}

/** One call of an event module, with every rule that listened to it. */
export interface TriggerView {
  triggerId: string;
  at: number;
  eventName: string;
  modulePath: string;
  element?: string;
  rules: RuleView[];
}

/** One page view of the previewed tab, its records in the order the page made them. */
export interface PageView {
  pageId: string;
  page?: PageTrace;
  triggers: TriggerView[];
  dataElements: DataElementTrace[];
  edges: EdgeTrace[];
  /** The latest identity and consent the page reported. */
  identity?: IdentityTrace;
  /** Where the page view's first record arrived, to order views that sent no page record. */
  arrival: number;
}

/**
 * A record's identity: pages resend nothing, but a reconnected stream replays the buffer.
 * The server's records (server rules) are named by what they report, not by a page's order.
 */
export const traceKey = (trace: PreviewTrace) =>
  trace.type === "forwarding"
    ? `forwarding:${trace.requestId}:${trace.eventIndex}`
    : trace.type === "delivery"
      ? `delivery:${trace.deliveryId}:${trace.attempt}`
      : `${trace.pageId}:${trace.seq}`;

/** What the server rules did with one edge request of the previewed tab. */
export interface ServerRun {
  requestId: string;
  /** Per event of the request, in its order. */
  events: ForwardingTrace[];
  /** Each delivery's attempts so far, oldest first. */
  attempts: Map<string, DeliveryTrace[]>;
}

/** The server's records per edge request (`requestId`), in the order they happened. */
export function serverRuns(traces: readonly PreviewTrace[]): Map<string, ServerRun> {
  const runs = new Map<string, ServerRun>();
  const runOf = (requestId: string) => {
    let run = runs.get(requestId);
    if (!run) runs.set(requestId, (run = { requestId, events: [], attempts: new Map() }));
    return run;
  };
  for (const trace of traces) {
    if (trace.type === "forwarding") runOf(trace.requestId).events.push(trace);
    if (trace.type === "delivery") {
      const attempts = runOf(trace.requestId).attempts;
      attempts.set(trace.deliveryId, [...(attempts.get(trace.deliveryId) ?? []), trace]);
    }
  }
  for (const run of runs.values()) {
    run.events.sort((a, b) => a.eventIndex - b.eventIndex);
    for (const list of run.attempts.values()) list.sort((a, b) => a.attempt - b.attempt);
  }
  return runs;
}

/** The id the Web SDK gave an edge request: its URL's `requestId`, else the answer's. */
export function requestIdOf(edge: EdgeTrace): string | undefined {
  try {
    const fromUrl = new URL(edge.url, "https://edge.invalid").searchParams.get("requestId");
    if (fromUrl) return fromUrl;
  } catch {
    // Not a URL: the answer may still name it.
  }
  const answered = (edge.response as { requestId?: unknown } | undefined)?.requestId;
  return typeof answered === "string" ? answered : undefined;
}

/** Groups trace records per page view (newest first), and per trigger inside each. */
export function groupTraces(traces: readonly PreviewTrace[]): PageView[] {
  const pages = new Map<string, PageView>();
  const triggers = new Map<string, TriggerView>();
  const sorted = traces
    .map((trace, arrival) => ({ trace, arrival }))
    .sort((a, b) => a.trace.seq - b.trace.seq || a.arrival - b.arrival);
  for (const { trace, arrival } of sorted) {
    // The server's records belong to an edge request, not to a page view (serverRuns).
    if (trace.type === "forwarding" || trace.type === "delivery") continue;
    let view = pages.get(trace.pageId);
    if (!view) {
      view = { pageId: trace.pageId, triggers: [], dataElements: [], edges: [], arrival };
      pages.set(trace.pageId, view);
    }
    view.arrival = Math.min(view.arrival, arrival);
    addTrace(view, trace, triggers);
  }
  return [...pages.values()].sort(
    (a, b) => (b.page?.startedAt ?? 0) - (a.page?.startedAt ?? 0) || b.arrival - a.arrival,
  );
}

function addTrace(view: PageView, trace: PreviewTrace, triggers: Map<string, TriggerView>) {
  switch (trace.type) {
    case "page":
      view.page = trace;
      return;
    case "event":
      listen(triggerOf(view, trace, triggers), trace);
      return;
    case "rule":
      ruleOf(triggerOf(view, trace, triggers), trace).run = trace;
      return;
    case "dataElement":
      view.dataElements.push(trace);
      return;
    case "edge":
      view.edges.push(trace);
      return;
    case "identity":
      view.identity = trace;
      return;
    default:
      return;
  }
}

function triggerOf(
  view: PageView,
  trace: EventTrace | RuleTrace,
  triggers: Map<string, TriggerView>,
): TriggerView {
  const key = `${trace.pageId}:${trace.triggerId}`;
  let trigger = triggers.get(key);
  if (!trigger) {
    trigger = {
      triggerId: trace.triggerId,
      at: trace.at,
      eventName: trace.type === "event" ? trace.eventName : "Event",
      modulePath: trace.type === "event" ? trace.modulePath : "",
      rules: [],
    };
    triggers.set(key, trigger);
    view.triggers.push(trigger);
  }
  return trigger;
}

function listen(trigger: TriggerView, trace: EventTrace) {
  // A rule record can arrive before its event record: the event record still names the trigger.
  if (trigger.modulePath === "") {
    trigger.eventName = trace.eventName;
    trigger.modulePath = trace.modulePath;
    trigger.at = Math.min(trigger.at, trace.at);
  }
  if (trace.element !== undefined) trigger.element = trace.element;
  ruleOf(trigger, trace);
}

function ruleOf(trigger: TriggerView, trace: EventTrace | RuleTrace): RuleView {
  let rule = trigger.rules.find((r) => r.ruleId === trace.ruleId);
  if (!rule) {
    rule = { ruleId: trace.ruleId, ruleName: trace.ruleName };
    trigger.rules.push(rule);
  }
  return rule;
}

export type RuleFilter = "all" | "fired" | "not fired";

/** Whether a rule's run shows under the panel's filters (a rule still running is "not fired"). */
export function ruleShown(rule: RuleView, filter: RuleFilter, search: string): boolean {
  const fired = rule.run?.outcome === "fired";
  if (filter === "fired" && !fired) return false;
  if (filter === "not fired" && fired) return false;
  const needle = search.trim().toLowerCase();
  return needle === "" || rule.ruleName.toLowerCase().includes(needle);
}
