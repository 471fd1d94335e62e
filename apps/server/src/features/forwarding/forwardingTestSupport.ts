import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PropertyDocument } from "@liftoff/schema";

/** One request a receiver got. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

/**
 * A local destination for forwarding tests: records every request, and answers from a script
 * of statuses (then 200 for the rest). Waiting for it is waiting for something to happen:
 * `waitFor` polls until the predicate holds or the deadline passes.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly script: Array<{ status: number; headers?: Record<string, string> }> = [];
  private server: Server | undefined;
  port = 0;
  /** How long each answer waits (a destination that takes its time). */
  delayMs = 0;
  /** Answers repeat the request's headers and URL (a destination that echoes what it got). */
  echo = false;

  /** The next answers, in order, before the receiver goes back to 200. */
  answer(...statuses: Array<number | { status: number; headers?: Record<string, string> }>) {
    for (const s of statuses) this.script.push(typeof s === "number" ? { status: s } : s);
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        this.received.push({
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        });
        const next = this.script.shift() ?? { status: 200 };
        const answer = () => {
          response.writeHead(next.status, { "content-type": "application/json", ...next.headers });
          const echoed = this.echo ? { url: request.url, headers: request.headers } : {};
          response.end(JSON.stringify({ ok: next.status < 300, ...echoed }));
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  async waitFor(predicate: (r: Received[]) => boolean, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline)
        throw new Error(
          `the receiver did not get what was expected within ${timeoutMs} ms; it got ${this.received.length} requests: ${JSON.stringify(this.received.map((r) => r.url))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * An event forwarding property that sends each page view to `receiverOrigin` with
 * "Send HTTP request": the page's name in a header and the query, its URL and the ECID in a
 * JSON body (tokens from path data elements), purpose `collect`.
 */
export function forwardingDocument(receiverOrigin: string, id = "PRforward"): PropertyDocument {
  return forwardingDocumentWith(receiverOrigin, id);
}

/**
 * The same property whose action also sends the environment's secret `api key` as a bearer
 * token and as the `key` query parameter.
 */
export function secretForwardingDocument(receiverOrigin: string, id: string): PropertyDocument {
  const document = forwardingDocumentWith(receiverOrigin, id);
  document.dataElements.push({
    id: "DEapikey",
    name: "api key",
    modulePath: "core/src/lib/dataElements/secret.js",
    settings: { name: "api key" },
  });
  const settings = document.rules[0]!.actions[0]!.settings as {
    headers: Array<{ name: string; value: string }>;
    query: Array<{ name: string; value: string }>;
  };
  settings.headers.push({ name: "authorization", value: "Bearer {{api key}}" });
  settings.query.push({ name: "key", value: "{{api key}}" });
  return document;
}

function forwardingDocumentWith(receiverOrigin: string, id: string): PropertyDocument {
  return {
    formatVersion: 1,
    company: { orgId: "5LIFTOFF0FIXTURE00000001@AdobeOrg", dynamicCdnEnabled: false },
    property: { id, name: "Forwarding", settings: { platform: "edge" } },
    environments: [
      { id: `${id}dev`, name: "Development", stage: "development" },
      { id: `${id}stage`, name: "Staging", stage: "staging" },
      { id: `${id}prod`, name: "Production", stage: "production" },
    ],
    extensions: [
      { name: "core", displayName: "Core (event forwarding)", settings: {} },
      { name: "http-connector", displayName: "HTTP Connector", settings: {} },
    ],
    dataElements: [
      {
        id: "DEpageurl",
        name: "page url",
        modulePath: "core/src/lib/dataElements/path.js",
        settings: { path: "arc.event.xdm.web.webPageDetails.URL" },
      },
      {
        id: "DEpagename",
        name: "page name",
        modulePath: "core/src/lib/dataElements/path.js",
        settings: { path: "arc.event.xdm.web.webPageDetails.name" },
      },
      {
        id: "DEecid",
        name: "ecid",
        modulePath: "core/src/lib/dataElements/path.js",
        settings: { path: "arc.request.ecid" },
      },
    ],
    rules: [
      {
        id: "RLpageviews",
        name: "Page views to the receiver",
        events: [
          {
            id: "RCreceived",
            modulePath: "core/src/lib/events/eventReceived.js",
            settings: { eventTypes: ["web.webpagedetails.pageViews"] },
          },
        ],
        conditions: [],
        actions: [
          {
            id: "RCsend",
            modulePath: "http-connector/src/lib/actions/sendHttpRequest.js",
            settings: {
              method: "POST",
              url: `${receiverOrigin}/collect`,
              query: [{ name: "page", value: "{{page name}}" }],
              headers: [{ name: "x-page-name", value: "{{page name}}" }],
              bodyType: "json",
              body: { url: "{{page url}}", name: "{{page name}}", ecid: "{{ecid}}" },
              purpose: "collect",
            },
          },
        ],
      },
    ],
  };
}
