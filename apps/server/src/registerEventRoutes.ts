import type { StoredEventInfo } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { problems } from "./http/problems.ts";
import type { LiveFilter, LiveStream } from "./LiveStream.ts";
import registerReportRoutes from "./reports/registerReportRoutes.ts";
import type { EventFilter, NewEvent, Store } from "./storage/Store.ts";

const ID = /^[A-Za-z0-9._:-]{1,128}$/;

function filterOf(query: Record<string, unknown>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = query[name];
    if (value === undefined) continue;
    if (typeof value !== "string" || !ID.test(value))
      throw problems.invalidQuery(`${name}: expected an id.`, { field: name });
    out[name] = value;
  }
  return out;
}

/** An event as JSON for the studio; the request body it came in stays on the server. */
const wire = ({ source: _source, ...e }: NewEvent): StoredEventInfo => ({
  ...e,
  receivedAt: e.receivedAt.toISOString(),
});

/**
 * Read side for the studio: `GET /api/events` (latest stored events, filtered) and
 * `GET /api/live` (Server-Sent Events of events as they are committed), both filterable by
 * `propertyId` and `environmentId`, and the reports over stored events (`/api/reports/...`).
 */
export default function registerEventRoutes(
  app: FastifyInstance,
  store: Store,
  live: LiveStream,
  heartbeatMs = 15_000,
): void {
  const open = new Set<() => void>();
  // Streams never end by themselves; close them so a shutdown is not held up by a studio tab.
  app.addHook("preClose", (done) => {
    for (const close of open) close();
    done();
  });
  registerReportRoutes(app, store);
  app.get("/api/events", async (request) => {
    const query = request.query as Record<string, unknown>;
    const filter: EventFilter = filterOf(query, [
      "propertyId",
      "environmentId",
      "datastreamId",
      "requestId",
      "ecid",
    ]);
    if (query.limit !== undefined) {
      const limit = Number(query.limit);
      if (typeof query.limit !== "string" || !Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw problems.invalidQuery("limit: expected an integer from 1 to 1000.", {
          field: "limit",
        });
      filter.limit = limit;
    }
    return { events: (await store.events.list(filter)).map(wire) };
  });

  app.get("/api/live", (request, reply) => {
    const filter: LiveFilter = filterOf(request.query as Record<string, unknown>, [
      "propertyId",
      "environmentId",
    ]);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write(`: connected ${JSON.stringify(filter)}\n\n`);
    const unsubscribe = live.subscribe(filter, (events) => {
      for (const e of events) res.write(`event: edge-event\ndata: ${JSON.stringify(wire(e))}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
    };
    const close = () => {
      end();
      res.end();
    };
    open.add(close);
    request.raw.once("close", end);
    res.once("close", end);
  });
}
