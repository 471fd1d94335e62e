import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

/** A request a test server received, its body read whole. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The TLS server name the client sent (HTTPS servers only). */
  servername?: string;
}

export interface TestServer {
  port: number;
  origin: string;
  seen: SeenRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Resolves with the next request this server receives (a sentinel to wait for). */
  nextRequest(): Promise<SeenRequest>;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: SeenRequest) => void;

const open: TestServer[] = [];

/**
 * A real HTTP(S) server on 127.0.0.1 for the outbound tests: records every request, then
 * hands it to `handler` (default: 200 `ok`). Close them all with `closeTestServers`.
 */
export async function startTestServer(
  handler: Handler = (_req, res) => res.end("ok"),
  tls?: { key: string; cert: string },
): Promise<TestServer> {
  const waiting: Array<(seen: SeenRequest) => void> = [];
  const seen: SeenRequest[] = [];
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      const servername = (req.socket as { servername?: string }).servername;
      if (servername) request.servername = servername;
      seen.push(request);
      handler(req, res, request);
      for (const resolve of waiting.splice(0)) resolve(request);
    });
  };
  const server = tls ? https.createServer(tls, onRequest) : http.createServer(onRequest);
  let connections = 0;
  server.on(tls ? "secureConnection" : "connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const testServer: TestServer = {
    port,
    origin: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  open.push(testServer);
  return testServer;
}

export async function closeTestServers(): Promise<void> {
  await Promise.all(open.splice(0).map((server) => server.close()));
}
