/**
 * The requests a page issues, in the order Chromium issued them. Tests that check that
 * something was *not* sent use it with a sentinel: after the action under test they make the
 * page issue a request that must come after anything the action would have sent (the same
 * alloy instance, a later rule, a later timer), wait for that request, and only then look for
 * the forbidden one. A fixed sleep proves nothing on a slow machine; a sentinel does, and
 * the test can still fail, because anything sent before the sentinel is in the log by then.
 */
import { expect, type Page, type Request } from "@playwright/test";

export interface EdgeEvent {
  xdm?: Record<string, any>;
  data?: Record<string, any>;
}

export interface RequestLog {
  /** Every request so far, oldest first. */
  readonly requests: Request[];
  /** Waits until a request matches; returns its place in `requests`. */
  waitFor(match: (request: Request, index: number) => boolean): Promise<number>;
  /** Waits until every request so far has finished or failed (their answers are in). */
  settled(): Promise<void>;
}

export function recordRequests(page: Page): RequestLog {
  const requests: Request[] = [];
  const done = new Set<Request>();
  page.on("request", (r) => requests.push(r));
  page.on("requestfinished", (r) => done.add(r));
  page.on("requestfailed", (r) => done.add(r));
  return {
    requests,
    async waitFor(match) {
      await expect.poll(() => requests.some(match), { timeout: 10_000 }).toBe(true);
      return requests.findIndex(match);
    },
    async settled() {
      await expect.poll(() => requests.every((r) => done.has(r)), { timeout: 10_000 }).toBe(true);
    },
  };
}

/** The edge action of a request to `serverOrigin` (`interact`, `privacy/set-consent`, …). */
export function edgeAction(request: Request, serverOrigin: string): string | undefined {
  const url = request.url();
  if (!url.startsWith(`${serverOrigin}/ee/`)) return undefined;
  return new URL(url).pathname.replace(/^.*?\/v1\//, "");
}

/** The events in an edge request's body (none for anything else). */
export function edgeEvents(request: Request): EdgeEvent[] {
  try {
    const body = JSON.parse(request.postData() ?? "") as { events?: EdgeEvent[] };
    return Array.isArray(body.events) ? body.events : [];
  } catch {
    return [];
  }
}

let sentinels = 0;

/**
 * Sends a sentinel event through the page's alloy instance (the same queue and transport as
 * every rule's event), waits until its request has been issued and answered — the edge
 * answers after the commit — and returns the request's place in the log.
 */
export async function sendSentinel(page: Page, log: RequestLog): Promise<number> {
  const name = `sentinel ${process.pid}-${++sentinels}-${Date.now()}`;
  await page.evaluate(
    (n) =>
      (window as unknown as { alloy(cmd: string, o: unknown): Promise<unknown> }).alloy(
        "sendEvent",
        { xdm: { eventType: "liftoff.test.sentinel", web: { webInteraction: { name: n } } } },
      ),
    name,
  );
  return log.waitFor((r) => isSentinel(r, name));
}

/** Whether a request carries the sentinel event named `name` (any sentinel without one). */
export function isSentinel(request: Request, name?: string): boolean {
  return edgeEvents(request).some(
    (e) =>
      e.xdm?.eventType === "liftoff.test.sentinel" &&
      (name === undefined || e.xdm.web?.webInteraction?.name === name),
  );
}
