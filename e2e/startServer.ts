import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built `liftoff serve` on a free loopback port (port 0, unless `args` name one) and resolves with its
 * origin once it prints its address. The build is `npm test`'s job; this only runs it.
 */
export function startServer(
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, "apps/server/bin/liftoff.mjs"),
      "serve",
      ...(args.includes("--port") ? [] : ["--port", "0"]),
      ...args,
    ],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    // A server that never says it listens is stopped, so a failed start leaves no process.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in 15 s:\n${out}`));
    }, 15_000);
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

/** The admin password tests give `liftoff serve` on first start (LIFTOFF_ADMIN_PASSWORD). */
export const TEST_ADMIN_PASSWORD = "test-admin-password";

/** A JSON change sent with the signed-in session and its CSRF token. */
export interface ApiChange {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
}

/**
 * Signs in as `username` (the admin by default) and returns a JSON call with that session —
 * a GET by default, or `change` — since the API needs one under `liftoff serve`. Accepts the
 * self-signed certificate of `--https` (loopback only).
 */
export async function signedInApi(
  origin: string,
  password = TEST_ADMIN_PASSWORD,
  username = "admin",
): Promise<(path: string, change?: ApiChange) => Promise<unknown>> {
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const url = new URL(path, origin);
        const send = url.protocol === "https:" ? httpsRequest : httpRequest;
        const req = send(url, { method, headers, rejectUnauthorized: false }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
        req.on("error", reject);
        req.end(body);
      },
    );
  const session = await call(
    "POST",
    "/api/session",
    { "content-type": "application/json" },
    JSON.stringify({ username, password }),
  );
  if (session.status !== 200)
    throw new Error(`sign-in failed with ${session.status}: ${session.text}`);
  const cookie = String(session.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  const { csrfToken } = JSON.parse(session.text) as { csrfToken: string };
  return async (path, change) => {
    const method = change?.method ?? "GET";
    const answer = change
      ? await call(
          method,
          path,
          { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
          JSON.stringify(change.body ?? {}),
        )
      : await call("GET", path, { cookie });
    if (answer.status !== 200 && answer.status !== 201)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text) as unknown;
  };
}

/**
 * Approves a library as a second person: the demo property requires that the approver is not
 * the submitter (docs/server.md, Publishing and approvals). Creates the approver `second`
 * with the admin's session the first time.
 */
export async function approveAsSecondApprover(
  origin: string,
  adminPassword: string,
  propertyId: string,
  libraryId: string,
): Promise<void> {
  const admin = await signedInApi(origin, adminPassword);
  const password = "second-approver-password-1";
  const users = (await admin("/api/users")) as Array<{ username: string }>;
  if (!users.some((u) => u.username === "second"))
    await admin("/api/users", {
      method: "POST",
      body: { username: "second", password, role: "approver" },
    });
  const second = await signedInApi(origin, password, "second");
  await second(`/api/properties/${propertyId}/libraries/${libraryId}/approve`, { method: "POST" });
}
