// nginx in front of Liftoff nodes for the cluster tests and benchmarks: Debian's nginx
// (installed when missing and root, as scripts/postgres.mjs does for PostgreSQL), running
// the repository's deploy/nginx/liftoff.conf with only the node addresses, the listen port
// and the certificate paths replaced, in a throwaway prefix folder.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./postgres.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const NGINX = "/usr/sbin/nginx";
const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Installs Debian's nginx when missing and root; returns its path or undefined. */
export function ensureNginx() {
  if (existsSync(NGINX) || !isRoot()) return existsSync(NGINX) ? NGINX : undefined;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit", env });
  return existsSync(NGINX) ? NGINX : undefined;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made by the openssl CLI. */
function makeCertificate(dir) {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/**
 * deploy/nginx/liftoff.conf for this run: the upstream's servers become `nodes`
 * (`127.0.0.1:PORT`), the TLS servers (the studio's and the public origin's) listen on
 * `port`, the port-80 redirect is left out (it would need a privileged port), and the
 * certificate paths point at a fresh self-signed pair. Requests for any other name (the
 * tests' `127.0.0.1:PORT`) reach the first TLS server, the studio's.
 */
export function renderConfig(text, { nodes, port, cert, key }) {
  const servers = nodes.map((n) => `    server ${n} max_fails=1 fail_timeout=10s;`).join("\n");
  const out = text
    .replace(/(upstream liftoff \{\n(?:\s*#.*\n)*)(?:\s*server .*\n)+/, `$1${servers}\n`)
    .replace(/server \{\n {4}listen 80;[\s\S]*?\n\}\n\n/, "")
    .replaceAll("listen 443 ssl;", `listen 127.0.0.1:${port} ssl;`)
    .replace(/ssl_certificate .*;/g, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key .*;/g, `ssl_certificate_key ${key};`);
  for (const needle of [servers, `listen 127.0.0.1:${port} ssl;`, cert, key])
    if (!out.includes(needle))
      throw new Error(`deploy/nginx/liftoff.conf: could not place ${needle}`);
  return out;
}

/**
 * Starts nginx on a free loopback port in front of `nodes`; resolves to its https origin and
 * a stop function. `nodes` can be changed later with `reload(nodes)`.
 */
export async function startNginx(nodes) {
  const bin = ensureNginx();
  if (!bin) throw new Error("nginx not found (install Debian's nginx-light package).");
  const dir = mkdtempSync(join(tmpdir(), "liftoff-nginx-"));
  mkdirSync(join(dir, "logs"));
  const port = await freePort();
  const tls = makeCertificate(dir);
  const site = readFileSync(join(root, "deploy/nginx/liftoff.conf"), "utf8");
  const write = (list) => {
    writeFileSync(join(dir, "liftoff.conf"), renderConfig(site, { nodes: list, port, ...tls }));
    writeFileSync(
      join(dir, "nginx.conf"),
      [
        "worker_processes 1;",
        `pid ${join(dir, "nginx.pid")};`,
        `error_log ${join(dir, "logs/error.log")} warn;`,
        "events { worker_connections 1024; }",
        "http {",
        `  access_log ${join(dir, "logs/access.log")};`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (t) => `  ${t}_temp_path ${join(dir, `${t}_temp`)};`,
        ),
        `  include ${join(dir, "liftoff.conf")};`,
        "}",
        "",
      ].join("\n"),
    );
  };
  write(nodes);
  const conf = join(dir, "nginx.conf");
  execFileSync(bin, ["-t", "-p", dir, "-c", conf], { stdio: "pipe" });
  const child = spawn(bin, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  await waitForPort(port, child, () => stderr);
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    dir,
    /** Points the upstream at other nodes, gracefully (nginx -s reload). */
    reload(list) {
      write(list);
      execFileSync(bin, ["-p", dir, "-c", conf, "-s", "reload"], { stdio: "pipe" });
    },
    accessLog: () => readFileSync(join(dir, "logs/access.log"), "utf8"),
    stop() {
      return new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGQUIT");
      });
    },
  };
}

async function waitForPort(port, child, stderr) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr()}`);
    const open = await new Promise((resolve) => {
      const socket = createServer().listen(port, "127.0.0.1");
      socket.once("listening", () => socket.close(() => resolve(false)));
      socket.once("error", () => resolve(true));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}: ${stderr()}`);
}
