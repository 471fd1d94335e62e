import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { HttpError } from "./HttpError.ts";

export interface RefusalLogOptions {
  /** Refusals of one route and reason logged in full per window; the rest are only counted. */
  sample: number;
  /** The window, and how often a summary line is written per route and reason (ms). */
  windowMs: number;
}

export const defaultRefusalLogOptions: RefusalLogOptions = { sample: 5, windowMs: 60_000 };

/** Longest URL or detail a log line carries: a refused request cannot write 16 KB lines. */
const LOG_TEXT = 200;

/**
 * Distinct route-and-reason series kept. Routes are patterns and reasons come from the
 * problem catalogue, so a real server has a few dozen; the cap only guards the map.
 */
const MAX_SERIES = 1000;

export const bounded = (text: string) =>
  text.length > LOG_TEXT ? `${text.slice(0, LOG_TEXT)}… (${text.length} chars)` : text;

/** What a refusal is counted under: the route pattern and the reason, never the raw URL. */
interface Series {
  method: string;
  route: string;
  status: number;
  type: string;
  /** Since the server started: the `/metrics` counter. */
  total: number;
  /** In the current window: the summary line's count and the sampling budget. */
  window: number;
}

// Prometheus text format 0.0.4: label values escape backslash, double quote and newline.
const label = (value: string) =>
  value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");

/**
 * Refused requests (4xx problems), counted per route and reason and logged sampled: a flood
 * from one client writes at most `sample` full lines per route and reason per window, then
 * one summary line per route and reason when the window ends, instead of a line per request
 * (one client's 429s wrote 26 MB in five seconds when every refusal was logged). Totals since
 * start are exposed as Prometheus counters (`GET /metrics`). Unhandled errors (500s) are not
 * sampled: the error mapper logs each one, and they are counted here too.
 */
export class RefusalLog {
  private readonly series = new Map<string, Series>();
  private unhandled = 0;
  private timer: NodeJS.Timeout | undefined;
  /** When the current window began: a window that shutdown cuts short says how long it was. */
  private windowStart = Date.now();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: RefusalLogOptions = defaultRefusalLogOptions,
  ) {}

  /** Counts a refusal; the first `sample` of its route and reason in a window are logged in full. */
  refused(request: FastifyRequest, error: HttpError, requestId: string): void {
    const route = request.routeOptions.url ?? "(no route)";
    const series = this.seriesOf(request.method, route, error);
    series.total++;
    series.window++;
    if (series.window > this.options.sample) return;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? bounded(request.url),
        status: error.status,
        type: error.type,
        field: error.field === undefined ? undefined : bounded(error.field),
        requestId,
        ...(series.window === this.options.sample ? { sampled: this.options.sample } : {}),
      },
      bounded(error.message),
    );
  }

  /** Counts an unhandled error; the error mapper logs every one with its stack. */
  failed(): void {
    this.unhandled++;
  }

  /**
   * One line per route and reason refused in the window that ends now: how many, and how
   * many were logged in full. Then the next window starts with a fresh sampling budget.
   */
  flush(): void {
    const now = Date.now();
    const seconds = Math.max(1, Math.round((now - this.windowStart) / 1000));
    this.windowStart = now;
    for (const s of this.series.values()) {
      if (s.window === 0) continue;
      this.log.info(
        {
          method: s.method,
          route: s.route,
          status: s.status,
          type: s.type,
          refused: s.window,
          logged: Math.min(s.window, this.options.sample),
        },
        `refused ${s.window} request(s) in the last ${seconds} s`,
      );
      s.window = 0;
    }
  }

  /** Writes a summary every window; the timer never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    this.windowStart = Date.now();
    this.timer = setInterval(() => this.flush(), this.options.windowMs);
    this.timer.unref();
  }

  /** Stops the timer and writes the summary of the window cut short, so no count is lost. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }

  /** The counters in Prometheus text exposition format (version 0.0.4). */
  metrics(): string {
    const lines = [
      "# HELP liftoff_refused_requests_total Requests refused with a 4xx problem, by route pattern and reason.",
      "# TYPE liftoff_refused_requests_total counter",
    ];
    for (const s of this.series.values())
      lines.push(
        `liftoff_refused_requests_total{method="${label(s.method)}",route="${label(s.route)}",status="${s.status}",type="${label(s.type)}"} ${s.total}`,
      );
    lines.push(
      "# HELP liftoff_unhandled_errors_total Requests answered 500; each one is logged with its stack.",
      "# TYPE liftoff_unhandled_errors_total counter",
      `liftoff_unhandled_errors_total ${this.unhandled}`,
    );
    return `${lines.join("\n")}\n`;
  }

  private seriesOf(method: string, route: string, error: HttpError): Series {
    const key = `${method} ${route} ${error.status} ${error.type}`;
    let series = this.series.get(key);
    if (series) return series;
    // Past the cap, new series fold into one per reason (statuses and types are few).
    if (this.series.size >= MAX_SERIES && route !== "(other)")
      return this.seriesOf("OTHER", "(other)", error);
    series = { method, route, status: error.status, type: error.type, total: 0, window: 0 };
    this.series.set(key, series);
    return series;
  }
}
