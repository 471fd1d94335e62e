// A throwaway PostgreSQL cluster for the storage contract tests: initdb into a temp folder,
// start on a free loopback port, hand back a URL and a stop function. Runs as the `postgres`
// user when we are root, because initdb refuses to run as root.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function findBinDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(join(root, v, "bin", "initdb"))) return join(root, v, "bin");
  return undefined;
}

/** A free loopback TCP port (taken, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function run(cmd, args) {
  const full = [cmd, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const res = isRoot()
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", full], { encoding: "utf8" })
    : spawnSync(cmd, args, { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
}

/** Installs the server package when missing (root only). Returns the bin dir or undefined. */
export function ensurePostgres() {
  let bin = findBinDir();
  if (bin || !isRoot()) return bin;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "postgresql"], { stdio: "inherit", env });
  bin = findBinDir();
  return bin;
}

/** @returns {Promise<{url: string, stop: () => void}>} */
export async function startPostgres() {
  const bin = ensurePostgres();
  if (!bin)
    throw new Error("PostgreSQL server binaries not found (install Debian's postgresql package).");
  const dir = mkdtempSync(join(tmpdir(), "liftoff-pg-"));
  if (isRoot()) execFileSync("chown", ["postgres", dir]);
  else chownSync(dir, process.getuid(), process.getgid());
  const port = await freePort();
  const data = join(dir, "data");
  run(join(bin, "initdb"), ["-D", data, "-U", "liftoff", "--auth=trust", "-E", "UTF8"]);
  run(join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "start",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ]);
  return {
    url: `postgres://liftoff@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
