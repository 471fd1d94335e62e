import type {
  DeliveryAttempt,
  DeliveryInfo,
  ForwardingArc,
  ForwardingPlan,
  ForwardingRuleset,
  OutboundHost,
  PlannedRequest,
  RequestFacts,
} from "@liftoff/schema";
import type {
  AttemptResult,
  ForwardingRepository,
  InboxItem,
  NewDelivery,
} from "./ForwardingRepository.ts";
import type { SendOutcome } from "./outbound/sendPlanned.ts";
import type { RetryStep } from "./outbound/retryPolicy.ts";
import type { LaneLimits } from "./outbound/DestinationLimiter.ts";
import { findHostAllowance } from "./outbound/findHostAllowance.ts";

/** The parts the worker runs: the engine, the sender, the retry policy, the per-host limiter. */
export interface WorkerParts {
  plan(ruleset: ForwardingRuleset, arc: ForwardingArc): ForwardingPlan;
  send(
    request: PlannedRequest,
    options: { secrets: ReadonlyMap<string, string>; hosts: OutboundHost[]; timeoutMs: number },
  ): Promise<SendOutcome>;
  nextStep(attempt: number, outcome: SendOutcome): RetryStep;
  /**
   * Runs `fn` in `key`'s turn, within the host allowance's limits; rejects at once when that
   * key's queue is full.
   */
  limit<T>(key: string, fn: () => Promise<T>, limits: LaneLimits): Promise<T>;
}

/** Where the worker reads an environment's ruleset, hosts and opened secrets (cached). */
export interface WorkerSources {
  ruleset(propertyId: string, environmentId: string): Promise<ForwardingRuleset | undefined>;
  hosts(propertyId: string): Promise<OutboundHost[]>;
  /** Opened secrets by name; a secret that does not open is absent and listed in `errors`. */
  secrets(
    propertyId: string,
    environmentId: string,
  ): Promise<{ values: ReadonlyMap<string, string>; errors: Map<string, string> }>;
}

export interface WorkerOptions {
  /** How long a claim is held before another node (or this one, restarted) may take it. */
  leaseMs: number;
  /** How often an idle worker looks for due work (the edge wakes it at once on this node). */
  pollMs: number;
  /** Sends in flight on this node at most. */
  maxInFlight: number;
  /** Inbox rows planned per claim. */
  planBatch: number;
  timeoutMs: number;
  /** An inbox row that failed to plan this many times is dropped (logged). */
  maxPlanTries: number;
  now: () => number;
  log: (message: string, detail?: Record<string, unknown>) => void;
  /**
   * Told what the rules did with each event of a preview tab's request (`facts.previewSessionId`),
   * after its deliveries are stored: the preview debugger shows it (docs/preview.md).
   */
  onPreviewPlanned?: (report: PreviewPlanned) => void;
  /** Told of each attempt on a preview tab's delivery. */
  onPreviewAttempt?: (sessionId: string, delivery: DeliveryInfo, result: AttemptResult) => void;
}

/** One event of a preview tab's request, as the rules took it. */
export interface PreviewPlanned {
  sessionId: string;
  propertyId: string;
  environmentId: string;
  requestId: string;
  eventIndex: number;
  eventType?: string;
  outcomes: ForwardingPlan["outcomes"];
  /** The deliveries it made, as stored (ids to follow their attempts). */
  deliveries: DeliveryInfo[];
}

export const defaultWorkerOptions: Omit<WorkerOptions, "log"> = {
  leaseMs: 60_000,
  pollMs: 200,
  maxInFlight: 64,
  planBatch: 50,
  timeoutMs: 10_000,
  maxPlanTries: 5,
  now: Date.now,
};

/** Where a planned request goes: its URL's host (the limiter's key and the stats' column). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(bad URL)";
  }
}

/** A request body's events, as the edge stored it (an envelope with `events`). */
function eventsOf(body: string): Array<{ xdm?: unknown; data?: unknown }> {
  const parsed = JSON.parse(body) as { events?: unknown };
  return Array.isArray(parsed.events) ? (parsed.events as Array<{ xdm?: unknown }>) : [];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Forwarding's two loops on one node (docs/event-forwarding.md, Delivery). Planning claims
 * inbox rows, runs the environment's rules on each event and stores one delivery per action
 * with the row's removal, in one transaction. Sending claims due deliveries and sends them
 * through the limiter; each attempt is recorded as delivered, due again, or dead. Both loops
 * hold leases, so a node that stops (even by SIGKILL) leaves its work to the next claim.
 */
export class ForwardingWorker {
  private running = false;
  private readonly wakers = [new Waker(), new Waker()] as const;
  private readonly inFlight = new Set<Promise<void>>();
  private loops: Promise<void>[] = [];
  /** Figures for /metrics and the benches. */
  readonly counts = { planned: 0, dropped: 0, delivered: 0, retried: 0, dead: 0 };
  /** Attempts that end together are recorded in one transaction. */
  private readonly records = new Batcher<{ delivery: DeliveryInfo; result: AttemptResult }>(
    (attempts) => this.repo.recorded(attempts, this.options.now()),
  );

  constructor(
    private readonly repo: ForwardingRepository,
    private readonly sources: WorkerSources,
    private readonly parts: WorkerParts,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = [
      this.loop(() => this.planOnce(), this.wakers[0]),
      this.loop(() => this.sendOnce(), this.wakers[1]),
    ];
  }

  /** Who hears of preview tabs' events (the preview feature, created after the worker). */
  tellPreviewsThrough(
    planned: NonNullable<WorkerOptions["onPreviewPlanned"]>,
    attempt: NonNullable<WorkerOptions["onPreviewAttempt"]>,
  ): void {
    this.options.onPreviewPlanned = planned;
    this.options.onPreviewAttempt = attempt;
  }

  /** New work may be there: the edge calls this after a commit, a send after it finishes. */
  wake(): void {
    for (const waker of this.wakers) waker.wake();
  }

  /** Stops claiming, then waits for the sends in flight (each bounded by its timeout). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
    await Promise.all([...this.inFlight]);
  }

  private async loop(once: () => Promise<boolean>, waker: Waker): Promise<void> {
    while (this.running) {
      let busy = false;
      try {
        busy = await once();
      } catch (error) {
        this.options.log("forwarding: a pass failed; it is tried again", { err: error });
      }
      if (!busy && this.running) await waker.wait(this.options.pollMs);
    }
  }

  /** One planning pass; true when it found work (the loop goes on at once). */
  async planOnce(): Promise<boolean> {
    const { planBatch, leaseMs, now } = this.options;
    const items = await this.repo.claimInbox(planBatch, leaseMs, now());
    const plans: ItemPlan[] = [];
    for (const item of items) {
      const plan = await this.planItem(item);
      if (plan) plans.push(plan);
    }
    // One commit for the claim; when a row turned out to be gone (another node took it after
    // this one's lease ended), the rest are stored one by one.
    const stored =
      plans.length > 0 &&
      (await this.repo.planned(plans, now()).catch((error: unknown) => {
        this.options.log("forwarding: storing a claim's plans failed; stored one by one", {
          err: error,
        });
        return false;
      }));
    for (const plan of stored ? plans : []) await this.plannedAndTold(plan);
    if (!stored)
      for (const plan of plans)
        if (await this.repo.planned([plan], now()).catch(() => false))
          await this.plannedAndTold(plan);
    if (items.length > 0) this.wake();
    return items.length > 0;
  }

  private async plannedAndTold(plan: ItemPlan): Promise<void> {
    this.counts.planned += plan.deliveries.length;
    if (plan.previewed.length > 0) await this.tellPreview(plan.previewed);
  }

  /** What an inbox row's events make: their deliveries (undefined: dropped or to retry). */
  private async planItem(item: InboxItem): Promise<ItemPlan | undefined> {
    try {
      const ruleset = await this.sources.ruleset(item.propertyId, item.environmentId);
      const body = ruleset && (await this.repo.requestBody(item));
      if (!ruleset || body === undefined) {
        // No library in that environment yet (nothing runs), or retention removed the body.
        await this.repo.dropInbox(item.id);
        this.counts.dropped++;
        return undefined;
      }
      const facts = item.facts as RequestFacts;
      const deliveries: NewDelivery[] = [];
      const previewed: Array<Omit<PreviewPlanned, "deliveries">> = [];
      eventsOf(body).forEach((event, index) => {
        const arc: ForwardingArc = {
          event: {
            xdm: isObject(event.xdm) ? event.xdm : {},
            data: isObject(event.data) ? event.data : null,
            index,
          },
          request: facts,
        };
        const plan = this.parts.plan(ruleset, arc);
        if (facts.previewSessionId)
          previewed.push({
            sessionId: facts.previewSessionId,
            propertyId: item.propertyId,
            environmentId: item.environmentId,
            requestId: facts.requestId,
            eventIndex: index,
            ...(typeof arc.event.xdm.eventType === "string"
              ? { eventType: arc.event.xdm.eventType }
              : {}),
            outcomes: plan.outcomes,
          });
        for (const action of plan.actions)
          deliveries.push({
            propertyId: item.propertyId,
            environmentId: item.environmentId,
            datastreamId: item.datastreamId,
            requestId: facts.requestId,
            eventIndex: index,
            ruleId: action.ruleId,
            ruleName: action.ruleName,
            actionIndex: action.actionIndex,
            destination: action.destination,
            host: hostOf(action.request.url),
            purpose: action.purpose,
            idempotencyKey: action.idempotencyKey,
            request: action.request,
            ...(facts.previewSessionId ? { previewSessionId: facts.previewSessionId } : {}),
          });
      });
      return { item, deliveries, previewed };
    } catch (error) {
      if (item.tries < this.options.maxPlanTries) {
        this.options.log("forwarding: a request could not be planned; it is tried again", {
          err: error,
          inboxId: item.id,
        });
        return undefined;
      }
      this.options.log("forwarding: a request failed to plan too often and is dropped", {
        err: error,
        inboxId: item.id,
        requestId: (item.facts as RequestFacts).requestId,
      });
      await this.repo.dropInbox(item.id);
      this.counts.dropped++;
      return undefined;
    }
  }

  private async tellPreview(previewed: Array<Omit<PreviewPlanned, "deliveries">>) {
    const hook = this.options.onPreviewPlanned;
    if (!hook) return;
    const first = previewed[0]!;
    const stored = await this.repo.forRequest(first.propertyId, first.requestId);
    for (const event of previewed)
      hook({ ...event, deliveries: stored.filter((d) => d.eventIndex === event.eventIndex) });
  }

  /** One sending pass: claims what fits in flight and starts it; true when it claimed any. */
  async sendOnce(): Promise<boolean> {
    const { maxInFlight, leaseMs, now } = this.options;
    const room = maxInFlight - this.inFlight.size;
    if (room <= 0) return false;
    const claimed = await this.repo.claimDeliveries(room, leaseMs, now());
    for (const delivery of claimed) {
      const sending: Promise<void> = this.deliver(delivery)
        .catch((error: unknown) =>
          this.options.log("forwarding: recording an attempt failed", {
            err: error,
            deliveryId: delivery.id,
          }),
        )
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
    return claimed.length > 0;
  }

  private async deliver(delivery: DeliveryInfo): Promise<void> {
    const { now, timeoutMs } = this.options;
    const [hosts, secrets] = await Promise.all([
      this.sources.hosts(delivery.propertyId),
      this.sources.secrets(delivery.propertyId, delivery.environmentId),
    ]);
    // The send itself never rejects (a failure is an outcome), so a rejection here is the
    // limiter's: the destination's queue is full.
    const send = () =>
      this.parts
        .send(delivery.request, { secrets: secrets.values, hosts, timeoutMs })
        .catch((error: unknown): SendOutcome => ({ error: String(error), latencyMs: 0 }));
    let outcome: SendOutcome;
    try {
      outcome = await this.parts.limit(delivery.host, send, limitsOf(delivery, hosts));
    } catch (error) {
      // The destination's queue is full: hand the delivery back untried, due as it was.
      this.options.log("forwarding: destination busy; the delivery waits", {
        host: delivery.host,
        err: error,
      });
      await this.repo.released(delivery.id);
      return;
    }
    const missing = unopenedSecret(delivery.request, secrets.errors);
    if (missing && outcome.status === undefined) outcome = { ...outcome, error: missing };
    const attempt: DeliveryAttempt = {
      at: new Date(now()).toISOString(),
      latencyMs: Math.round(outcome.latencyMs),
      ...(outcome.status === undefined ? {} : { status: outcome.status }),
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      ...(outcome.excerpt === undefined ? {} : { excerpt: outcome.excerpt }),
    };
    const step = this.parts.nextStep(delivery.attempts + 1, outcome);
    const result: AttemptResult =
      step.kind === "delivered"
        ? { state: "delivered", attempt }
        : step.kind === "retry"
          ? { state: "pending", nextMs: now() + step.delayMs, reason: step.reason, attempt }
          : { state: "dead", reason: step.reason, attempt };
    await this.records.add({ delivery, result });
    if (delivery.previewSessionId)
      this.options.onPreviewAttempt?.(delivery.previewSessionId, delivery, result);
    if (result.state === "delivered") this.counts.delivered++;
    else if (result.state === "pending") this.counts.retried++;
    else this.counts.dead++;
  }
}

/** The limits of the allowance a delivery's URL falls under (the limiter's defaults without). */
function limitsOf(delivery: DeliveryInfo, hosts: OutboundHost[]): LaneLimits {
  let allowance: OutboundHost | undefined;
  try {
    allowance = findHostAllowance(new URL(delivery.request.url), hosts);
  } catch {
    allowance = undefined;
  }
  return {
    ...(allowance?.maxPerSecond ? { ratePerSecond: allowance.maxPerSecond } : {}),
    ...(allowance?.maxConcurrent ? { concurrency: allowance.maxConcurrent } : {}),
  };
}

/** An inbox row's plan: the deliveries its events make, and what a preview tab hears. */
interface ItemPlan {
  item: InboxItem;
  deliveries: NewDelivery[];
  previewed: Array<Omit<PreviewPlanned, "deliveries">>;
}

/**
 * Gathers what arrives in one turn of the event loop and writes it in one call; each `add`
 * settles when the write holding it does.
 */
class Batcher<T> {
  private pending: Array<{ value: T; resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly write: (values: T[]) => Promise<void>) {}

  add(value: T): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ value, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.write(batch.map((b) => b.value)).then(
      () => batch.forEach((b) => b.resolve()),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    );
  }
}

/** One loop's pause: until the poll interval ends or someone wakes it (a wake is never lost). */
class Waker {
  private pending = false;
  private resolve: (() => void) | undefined;

  wake(): void {
    this.pending = true;
    this.resolve?.();
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.resolve = undefined;
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      timer.unref();
      this.resolve = finish;
    });
  }
}

/** Why a secret the request needs could not be opened, when that is why it failed. */
function unopenedSecret(request: PlannedRequest, errors: Map<string, string>): string | undefined {
  if (errors.size === 0) return undefined;
  const text = JSON.stringify(request);
  for (const [name, error] of errors) if (text.includes(`\uE000${name}\uE001`)) return error;
  return undefined;
}
