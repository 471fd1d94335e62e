import { parseArgs } from "node:util";
import parseTrustProxy, { type TrustProxy } from "./parseTrustProxy.ts";

export interface ServeOptions {
  port: number;
  host: string;
  /** Data directory (SQLite file, generated TLS certificate); default `.data/` in the working directory. */
  data: string | undefined;
  /** `sqlite` (default, under the data directory) or a `postgres://` / `postgresql://` URL. */
  db: string;
  https: boolean;
  cert: string | undefined;
  key: string | undefined;
  /** Edge requests per second per client; 0 turns the limit off. */
  rateLimit: number;
  /** Seed the insurance property and serve the demo site (`npm start`); default off. */
  demo: boolean;
  /** The demo site's port (`--demo-port`, else DEMO_PORT, else 8081; 0 picks a free one). */
  demoPort: number;
  /**
   * `--demo-variant`: `client-side` (default) loads the vendor tags on the demo's pages;
   * `server-side` seeds the web property without them and an event forwarding property that
   * sends them from the server (docs/pc-marketing.md, "Server-side variant").
   */
  demoVariant: DemoVariant;
  /** `--retain-days N`: keep events of today and the N days before; undefined keeps all. */
  retainDays: number | undefined;
  /**
   * `--retry-window-hours N`: a request sent again with the same `requestId` within N hours
   * is answered as the first was and stored once (docs/server.md, Retries); default 24.
   */
  retryWindowHours: number;
  /** Which reverse proxies' X-Forwarded-* and X-Request-Id to believe; undefined: none. */
  trustProxy: TrustProxy | undefined;
  /**
   * `--public-origin`: the origin pages load libraries from and send events to
   * (`https://tags.example.com`), apart from the studio's; undefined: one origin for all.
   */
  publicOrigin: string | undefined;
  /**
   * `--forwarding-lease-seconds N` (15–3600, default 60): how long a node's claim on forwarding
   * work lasts. After a crash, what the node held is sent again once its lease ends; it must
   * be longer than a send's 10 s timeout (docs/event-forwarding.md, Delivery).
   */
  forwardingLeaseSeconds: number;
}

export const DEMO_VARIANTS = ["client-side", "server-side"] as const;
export type DemoVariant = (typeof DEMO_VARIANTS)[number];

const demoVariant = (raw: string | undefined): DemoVariant => {
  const value = raw ?? "client-side";
  if (!(DEMO_VARIANTS as readonly string[]).includes(value))
    throw new Error(
      `--demo-variant: expected "client-side" or "server-side", got ${JSON.stringify(value)}`,
    );
  return value as DemoVariant;
};

const integer = (flag: string, raw: string, max: number) => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > max)
    throw new Error(`${flag}: expected an integer from 0 to ${max}, got ${JSON.stringify(raw)}`);
  return n;
};

/** At least a day (0 would remove today's events as they arrive), at most 100 years. */
const retainDays = (raw: string | undefined) => {
  if (raw === undefined) return undefined;
  const days = integer("--retain-days", raw, 36_500);
  if (days === 0) throw new Error("--retain-days: expected at least 1 day, got 0");
  return days;
};

/** At least an hour (a retry comes within seconds), at most 30 days of keys to keep. */
const retryWindowHours = (raw: string | undefined) => {
  const hours = integer("--retry-window-hours", raw ?? "24", 720);
  if (hours === 0) throw new Error("--retry-window-hours: expected at least 1 hour, got 0");
  return hours;
};

/** An http(s) origin and nothing more, normalised as URL does (lower case, no default port). */
const origin = (raw: string | undefined) => {
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== "" ||
    url.password !== "" ||
    url.pathname !== "/" ||
    url.search !== "" ||
    url.hash !== "" ||
    // `https://h/?` and `https://h/#` parse with an empty search and hash.
    /[?#]/.test(raw)
  )
    throw new Error(
      `--public-origin: expected an origin such as https://tags.example.com (scheme and host, nothing else), got ${JSON.stringify(raw)}`,
    );
  return url.origin;
};

function leaseSeconds(raw: string | undefined): number {
  const seconds = integer("--forwarding-lease-seconds", raw ?? "60", 3600);
  if (seconds < 15)
    throw new Error(
      `--forwarding-lease-seconds: expected at least 15 (a send may take 10 s), got ${seconds}`,
    );
  return seconds;
}

/**
 * `liftoff serve [--port N] [--host ADDR] [--data DIR] [--db sqlite|postgres://…] [--https]
 * [--cert FILE --key FILE] [--rate-limit N] [--demo [--demo-port N] [--demo-variant V]]
 * [--trust-proxy …]
 * [--public-origin URL] [--forwarding-lease-seconds N]`.
 * The port also comes from PORT; the default is 8080 on 127.0.0.1, so a fresh install is
 * never exposed beyond the machine by accident.
 */
export default function parseServeArgs(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): ServeOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      data: { type: "string" },
      db: { type: "string" },
      https: { type: "boolean" },
      cert: { type: "string" },
      key: { type: "string" },
      "rate-limit": { type: "string" },
      demo: { type: "boolean" },
      "demo-port": { type: "string" },
      "demo-variant": { type: "string" },
      "retain-days": { type: "string" },
      "retry-window-hours": { type: "string" },
      "trust-proxy": { type: "string" },
      "public-origin": { type: "string" },
      "forwarding-lease-seconds": { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = integer("--port", values.port ?? env.PORT ?? "8080", 65535);
  const db = values.db ?? env.LIFTOFF_DB ?? "sqlite";
  if (db !== "sqlite" && !/^postgres(ql)?:\/\/\S+$/.test(db))
    throw new Error(`--db: expected "sqlite" or a postgres:// URL, got ${JSON.stringify(db)}`);
  if ((values.cert === undefined) !== (values.key === undefined))
    throw new Error("--cert and --key: give both files, or neither to generate a certificate");
  if (values.data === "") throw new Error("--data: expected a directory");
  if (values["demo-port"] !== undefined && !values.demo)
    throw new Error("--demo-port: only with --demo");
  if (values["demo-variant"] !== undefined && !values.demo)
    throw new Error("--demo-variant: only with --demo");
  return {
    port,
    host: values.host ?? env.HOST ?? "127.0.0.1",
    data: values.data,
    db,
    https: values.https === true || values.cert !== undefined,
    cert: values.cert,
    key: values.key,
    rateLimit: integer("--rate-limit", values["rate-limit"] ?? "200", 1_000_000),
    demo: values.demo === true,
    demoPort: integer("--demo-port", values["demo-port"] ?? env.DEMO_PORT ?? "8081", 65535),
    demoVariant: demoVariant(values["demo-variant"]),
    retainDays: retainDays(values["retain-days"]),
    retryWindowHours: retryWindowHours(values["retry-window-hours"]),
    trustProxy:
      values["trust-proxy"] === undefined ? undefined : parseTrustProxy(values["trust-proxy"]),
    publicOrigin: origin(values["public-origin"]),
    forwardingLeaseSeconds: leaseSeconds(values["forwarding-lease-seconds"]),
  };
}
