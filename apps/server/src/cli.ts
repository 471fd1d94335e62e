import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUILDER_USAGE, runBuilderCommand } from "./cliBuilderCommands.ts";
import type { PropertyDocument } from "@liftoff/schema";
import createApp, { defaultRepoRoot } from "./createApp.ts";
import ensureCertificate from "./ensureCertificate.ts";
import parseServeArgs from "./parseServeArgs.ts";
import openStore from "./storage/openStore.ts";
import type { Store } from "./storage/Store.ts";

const USAGE = `Usage: liftoff <command> [options]

Commands:
  serve [--port N] [--host ADDR] [--data DIR] [--db sqlite|postgres://…]
        [--https] [--cert FILE --key FILE] [--rate-limit N]
        run the server (default http://127.0.0.1:8080, SQLite in .data/; PORT also works)
${BUILDER_USAGE}

Run "liftoff <command> --help" for a command's options.`;

/**
 * The origin pages reach this server at, when the port is known before listening: the seeded
 * property's Web SDK and identity service send there. Wildcard binds are reached as localhost.
 */
export function publicOrigin(host: string, port: number, https: boolean): string | undefined {
  if (port === 0) return undefined;
  const name =
    host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `${https ? "https" : "http"}://${name}:${port}`;
}

async function seedDocumentFor(origin: string | undefined): Promise<PropertyDocument> {
  const { createPropertyDocument, propertyDocument } = await import("@liftoff/pc-marketing");
  if (!origin) return propertyDocument;
  return createPropertyDocument({ edgeOrigin: origin, identityServer: new URL(origin).host });
}

export async function serve(argv: string[]): Promise<void> {
  const options = parseServeArgs(argv);
  const dataDir = resolve(options.data ?? join(defaultRepoRoot(), ".data"));
  const store: Store = await openStore(options.db, join(dataDir, "liftoff.db"));
  const https = !options.https
    ? undefined
    : options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : ensureCertificate(join(dataDir, "tls"));
  const app = createApp({
    store,
    logger: { level: process.env.LIFTOFF_LOG_LEVEL ?? "info" },
    rateLimitPerSecond: options.rateLimit,
    ...(https ? { https } : {}),
    seedDocument: () => seedDocumentFor(publicOrigin(options.host, options.port, !!https)),
  });
  const address = await app.listen({ port: options.port, host: options.host });
  console.log(`Liftoff server listening on ${address}`);
  console.log(`  health:  ${address}/healthz`);
  console.log(`  studio:  ${address}/studio/`);
  console.log(`  edge:    ${address}/ee/v1/interact  (store: ${store.kind}, data: ${dataDir})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Graceful: stop accepting, answer in-flight requests, write the queue, close the store.
    app
      .close()
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
