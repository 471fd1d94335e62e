import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built `liftoff serve` on a free loopback port (port 0) and resolves with its
 * origin once it prints its address. The build is `npm test`'s job; this only runs it.
 */
export function startServer(
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [join(repoRoot, "apps/server/bin/liftoff.mjs"), "serve", "--port", "0", ...args],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 15 s:\n${out}`)),
      15_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        origin: match[1]!,
        process: child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}
