import createApp from "./createApp.ts";
import parseServeArgs from "./parseServeArgs.ts";

const USAGE = `Usage: liftoff <command> [options]

Commands:
  serve [--port N] [--host ADDR]   run the server (default 127.0.0.1:8080; PORT also works)

Run "liftoff <command> --help" for a command's options.`;

export async function serve(argv: string[]): Promise<void> {
  const options = parseServeArgs(argv);
  const app = createApp({ logger: false });
  const address = await app.listen({ port: options.port, host: options.host });
  console.log(`Liftoff server listening on ${address}`);
  console.log(`  health:  ${address}/healthz`);
  console.log(`  studio:  ${address}/studio/`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
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
