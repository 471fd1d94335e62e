import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUILDER_USAGE, runBuilderCommand } from "../cli/builderCommands.ts";
import createApp from "./createApp.ts";
import { MIN_METRICS_TOKEN } from "../features/auth/enforceRouteAccess.ts";
import loadDemoModules from "../features/demo/loadDemoModules.ts";
import migrateCheck, { MIGRATE_CHECK_USAGE } from "../cli/migrateCheck/migrateCheck.ts";
import startDemoSite, { type DemoSite } from "../features/demo/startDemoSite.ts";
import freePort from "./freePort.ts";
import ensureCertificate from "./ensureCertificate.ts";
import parseServeArgs from "./parseServeArgs.ts";
import publicOrigin from "./publicOrigin.ts";
import openStore from "../store/openStore.ts";
import startRetention from "../store/startRetention.ts";
import startRollups from "../features/reports/startRollups.ts";
import { rotateSecrets, SECRETS_USAGE } from "../cli/rotateSecrets.ts";
import { secretKeysFor } from "../features/forwarding/secretKeys.ts";
import { PostgresStore } from "../store/PostgresStore.ts";
import type { Store } from "../store/Store.ts";

const USAGE = `Usage: liftoff <command> [options]

Commands:
  serve [--port N] [--host ADDR] [--data DIR] [--db sqlite|postgres://…]
        [--https] [--cert FILE --key FILE] [--rate-limit N]
        [--demo [--demo-port N] [--demo-variant client-side|server-side]]
        [--trust-proxy true|ADDR,CIDR,…] [--retain-days N] [--public-origin URL]
        [--retry-window-hours N] [--forwarding-lease-seconds N]
        run the server (default http://127.0.0.1:8080, SQLite in .data/; PORT also works);
        it starts empty: the admin account and nothing else. --demo also seeds the insurance
        property and serves the demo site on --demo-port (default 8081, DEMO_PORT);
        --demo-variant server-side leaves the ad pixel, marketing automation and insight
        tags off the pages and sends their calls from the server (event forwarding).
        --retain-days N removes events older than N days, at start and daily;
        --retry-window-hours N (default 24): an edge request sent again with the same
        requestId within N hours is answered as the first was and stored once.
        --public-origin https://tags.example.com serves libraries and the edge on their own
        origin: embed codes use it, and on its host the studio and /api answer 404.
        --forwarding-lease-seconds N (default 60): after a crash, event forwarding sends
        again what the node held once its claim ends. LIFTOFF_SECRET_KEYS seals forwarding
        secrets (docs/event-forwarding.md)
${BUILDER_USAGE}
${MIGRATE_CHECK_USAGE}
${SECRETS_USAGE}

Run "liftoff <command> --help" for a command's options.`;

/**
 * `LIFTOFF_METRICS_TOKEN`, the scrape token of `GET /metrics` (docs/server.md, Logs and
 * metrics), read from the environment rather than the command line, where `ps` shows it.
 */
export function metricsTokenFrom(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.LIFTOFF_METRICS_TOKEN;
  if (token === undefined || token === "") return undefined;
  if (token.length < MIN_METRICS_TOKEN || !/^[\x21-\x7e]+$/.test(token))
    throw new Error(
      `LIFTOFF_METRICS_TOKEN: expected at least ${MIN_METRICS_TOKEN} printable ASCII characters without spaces (openssl rand -hex 32 makes one)`,
    );
  return token;
}

export async function serve(argv: string[]): Promise<void> {
  const parsed = parseServeArgs(argv);
  const metricsToken = metricsTokenFrom(process.env);
  // The demo is seeded with the server's origin before it listens: port 0 is settled first.
  const options =
    parsed.demo && parsed.port === 0 ? { ...parsed, port: await freePort(parsed.host) } : parsed;
  // The demo packages load only with --demo, before the store opens: a missing one stops here.
  const demo: DemoSite | undefined = options.demo
    ? await startDemoSite(
        await loadDemoModules(),
        { host: options.host, port: options.demoPort },
        options.demoVariant,
      )
    : undefined;
  // Relative to the working directory, never inside the installed package.
  const dataDir = resolve(options.data ?? ".data");
  const store: Store = await openStore(options.db, join(dataDir, "liftoff.db")).catch(
    async (error: unknown) => {
      await demo?.close();
      throw error;
    },
  );
  // After the store: a database that cannot open says so first. A bad LIFTOFF_SECRET_KEYS
  // or a key file that cannot be written stops the start with its reason.
  let secretKeys: ReturnType<typeof secretKeysFor>;
  try {
    secretKeys = secretKeysFor(process.env, store.kind, join(dataDir, "secret-keys"));
  } catch (error) {
    await store.close();
    await demo?.close();
    throw error;
  }
  const retention =
    options.retainDays === undefined
      ? undefined
      : startRetention(store, options.retainDays, (line) => console.log(`liftoff: ${line}`));
  const https = !options.https
    ? undefined
    : options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : ensureCertificate(join(dataDir, "tls"));
  const app = createApp({
    store,
    logger: { level: process.env.LIFTOFF_LOG_LEVEL ?? "info" },
    rateLimitPerSecond: options.rateLimit,
    edge: { retryWindowMs: options.retryWindowHours * 3_600_000 },
    forwarding: {
      ...(secretKeys.keys ? { secretKeys: secretKeys.keys } : {}),
      workerOptions: { leaseMs: options.forwardingLeaseSeconds * 1000 },
    },
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.publicOrigin === undefined ? {} : { publicOrigin: options.publicOrigin }),
    ...(https ? { https } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    // The demo's pages reach the server where any site would: the public origin, when set.
    ...(demo
      ? {
          demo: demo.options(
            options.publicOrigin ?? publicOrigin(options.host, options.port, !!https),
          ),
        }
      : {}),
  });
  const address = await app
    .listen({ port: options.port, host: options.host })
    .catch(async (error: unknown) => {
      await demo?.close();
      throw error;
    });
  // Reports on PostgreSQL read daily rollups of closed days (docs/server.md, Reports); the
  // schema is current once the app listens.
  const rollups =
    store instanceof PostgresStore
      ? startRollups(store.rollups, (line) => console.log(`liftoff: ${line}`))
      : undefined;
  console.log(`Liftoff server listening on ${address}`);
  console.log(`  health:  ${address}/healthz`);
  console.log(`  studio:  ${address}/studio/`);
  console.log(`  edge:    ${address}/ee/v1/interact  (store: ${store.kind}, data: ${dataDir})`);
  console.log(`  secrets: ${secretKeys.source}`);
  if (options.publicOrigin)
    console.log(`  public:  ${options.publicOrigin}/  (libraries, edge, identity; no studio)`);
  if (demo) {
    const library = demo.serveLibraryFrom(options.publicOrigin ?? address);
    console.log(`  demo:    ${demo.origin}/  (library ${library ?? "not published"})`);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`liftoff: ${signal}: finishing accepted requests and queued events, then exiting`);
    retention?.stop();
    rollups?.stop();
    // Graceful: stop accepting, answer in-flight requests, write the queue, close the store.
    app
      .close()
      .then(() => demo?.close())
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("liftoff: shutdown failed:", error);
          process.exit(1);
        },
      );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "serve":
        await serve(rest);
        return 0;
      case "validate":
      case "build":
      case "import":
      case "export":
        return await runBuilderCommand(command, rest);
      case "migrate-check":
        return await migrateCheck(rest);
      case "secrets":
        return await rotateSecrets(rest);
      case undefined:
      case "help":
      case "--help":
        console.log(USAGE);
        return command === undefined ? 1 : 0;
      default:
        console.error(`liftoff: unknown command "${command}"\n\n${USAGE}`);
        return 1;
    }
  } catch (error) {
    console.error(`liftoff ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
