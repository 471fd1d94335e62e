import { parseArgs } from "node:util";

export interface ServeOptions {
  port: number;
  host: string;
}

/**
 * `liftoff serve [--port N] [--host ADDR]`. The port also comes from PORT; the default is
 * 8080 on 127.0.0.1, so a fresh install is never exposed beyond the machine by accident.
 */
export default function parseServeArgs(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): ServeOptions {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: "string" }, host: { type: "string" } },
    strict: true,
    allowPositionals: false,
  });
  const rawPort = values.port ?? env.PORT ?? "8080";
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`--port: expected an integer from 0 to 65535, got ${JSON.stringify(rawPort)}`);
  }
  return { port, host: values.host ?? env.HOST ?? "127.0.0.1" };
}
