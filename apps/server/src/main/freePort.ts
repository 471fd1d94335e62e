import { createServer } from "node:net";

/**
 * A port of `host` free right now (the system picks it). `serve --demo --port 0` takes one
 * before it starts: the demo property is seeded with the server's own origin before the
 * server listens, so the port must be known up front.
 */
export default function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
