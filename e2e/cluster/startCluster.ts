/**
 * A cluster as docs/deployment.md describes it: a throwaway PostgreSQL (scripts/postgres.mjs),
 * `liftoff serve` nodes on it (the built server, as an operator runs it), and nginx running
 * the repository's deploy/nginx/liftoff.conf in front of them (scripts/nginx.mjs).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startNginx } from "../../scripts/nginx.mjs";
import { startPostgres } from "../../scripts/postgres.mjs";
import { startServer, TEST_ADMIN_PASSWORD, type RunningServer } from "../startServer.ts";

export interface Node {
  /** `127.0.0.1:PORT`, as nginx's upstream names it. */
  address: string;
  origin: string;
  server: RunningServer;
}

export interface Cluster {
  db: string;
  nodes: Node[];
  /** nginx's https origin. */
  origin: string;
  nginx: Awaited<ReturnType<typeof startNginx>>;
  sql<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** Starts a node on the cluster's database (on `port`, or any free one). */
  startNode(port?: number): Promise<Node>;
  stop(): Promise<void>;
}

const work = () => mkdtempSync(join(tmpdir(), "liftoff-cluster-"));

export async function startNodeOn(db: string, port = 0): Promise<Node> {
  const data = work();
  const server = await startServer(
    [
      ...["--port", String(port), "--db", db, "--data", data],
      ...["--trust-proxy", "127.0.0.1", "--rate-limit", "0"],
    ],
    { LIFTOFF_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, LIFTOFF_LOG_LEVEL: "warn" },
  );
  server.process.once("exit", () => rmSync(data, { recursive: true, force: true }));
  const origin = server.origin;
  return { address: new URL(origin).host, origin, server };
}

export async function startCluster(nodeCount = 2): Promise<Cluster> {
  const postgres = await startPostgres();
  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  const nodes: Node[] = [];
  let nginx: Cluster["nginx"] | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(nodes.map((n) => n.server.stop()));
    await pool.end();
    postgres.stop();
  };
  try {
    // Started together: they migrate the fresh database at the same time.
    nodes.push(
      ...(await Promise.all(Array.from({ length: nodeCount }, () => startNodeOn(postgres.url)))),
    );
    nginx = await startNginx(nodes.map((n) => n.address));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    db: postgres.url,
    nodes,
    origin: nginx.origin,
    nginx,
    sql: async (text, params) => (await pool.query(text, params)).rows,
    startNode: (port) => startNodeOn(postgres.url, port),
    stop,
  };
}
