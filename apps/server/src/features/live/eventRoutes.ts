import type { FastifyInstance, FastifyRequest } from "fastify";
import eventWire from "./eventWire.ts";
import { problems } from "../../http/problems.ts";
import { eventStreams } from "../../http/eventStreams.ts";
import { LiveConnection } from "../../http/LiveConnection.ts";
import type { LiveFilter, LiveStream } from "./LiveStream.ts";
import { parseTime } from "../reports/parseReportQuery.ts";
import type { EventFilter, Store } from "../../store/Store.ts";

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** An XDM event type as stored (at most 256 characters, reportColumns.ts). */
const EVENT_TYPE = /^[A-Za-z0-9._:-]{1,256}$/;
const MAX_URL_TEXT = 500;

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

/** Whose share of the live stream caps a request takes: its user, else its address. */
const ownerOf = (request: FastifyRequest) =>
  request.signed ? `user:${request.signed.user.id}` : `ip:${request.ip}`;

/**
 * Read side for the studio: `GET /api/events` (stored events, newest first, filtered by
 * property, environment, datastream, request, ECID, event type, page URL text and time, paged
 * by `before` = the last id of the previous page) and
 * `GET /api/live` (Server-Sent Events of events as they are committed), both filterable by
 * `propertyId` and `environmentId`.
 */
export default function eventRoutes(
  app: FastifyInstance,
  store: Store,
  live: LiveStream,
  heartbeatMs = 15_000,
): void {
  const startStream = eventStreams(app, heartbeatMs);
  app.get("/api/events", { config: { access: "viewer" } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const filter: EventFilter = filterOf(query, [
      "propertyId",
      "environmentId",
      "datastreamId",
      "requestId",
      "ecid",
    ]);
    if (query.eventType !== undefined) {
      if (typeof query.eventType !== "string" || !EVENT_TYPE.test(query.eventType))
        throw problems.invalidQuery(
          "eventType: expected an event type such as web.webpagedetails.pageViews.",
          {
            field: "eventType",
          },
        );
      filter.eventType = query.eventType;
    }
    if (query.url !== undefined) {
      if (typeof query.url !== "string" || query.url.length > MAX_URL_TEXT)
        throw problems.invalidQuery(`url: expected text of at most ${MAX_URL_TEXT} characters.`, {
          field: "url",
        });
      if (query.url.trim() !== "") filter.pageUrlContains = query.url.trim();
    }
    const from = parseTime(query.from, "from");
    const to = parseTime(query.to, "to");
    if (from) filter.from = from;
    if (to) filter.to = to;
    if (from && to && from.getTime() >= to.getTime())
      throw problems.invalidQuery("from: expected a time before to.", { field: "from" });
    if (query.before !== undefined) {
      const before = Number(query.before);
      if (typeof query.before !== "string" || !Number.isSafeInteger(before) || before < 1)
        throw problems.invalidQuery("before: expected an event id (a positive integer).", {
          field: "before",
        });
      filter.beforeId = before;
    }
    if (query.limit !== undefined) {
      const limit = Number(query.limit);
      if (typeof query.limit !== "string" || !Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw problems.invalidQuery("limit: expected an integer from 1 to 1000.", {
          field: "limit",
        });
      filter.limit = limit;
    }
    return { events: (await store.events.list(filter)).map(eventWire) };
  });

  app.get("/api/live", { config: { access: "viewer" } }, (request, reply) => {
    const filter: LiveFilter = filterOf(request.query as Record<string, unknown>, [
      "propertyId",
      "environmentId",
    ]);
    const res = reply.raw;
    const connection = new LiveConnection(res, live.limits.maxBuffered, (backlog) =>
      request.log.info({ backlog }, "live: subscriber fell behind; disconnected"),
    );
    const subscription = live.subscribe(filter, ownerOf(request), (text) => connection.send(text));
    if ("refused" in subscription) throw refusal(subscription.refused, live);
    startStream(request, reply, (text) => connection.send(text), subscription.unsubscribe);
    connection.send(`: connected ${JSON.stringify(filter)}\n\n`);
  });
}

/** A refused stream: the server as a whole is full (503), or this user holds enough (429). */
function refusal(cap: "total" | "user", live: LiveStream) {
  return cap === "total"
    ? problems.overloaded(
        `The server has ${live.limits.maxSubscribers} live streams open, its limit; try again later.`,
        { headers: { "retry-after": "30" } },
      )
    : problems.rateLimited(
        `You have ${live.limits.maxPerUser} live streams open, the limit per user; close one (a studio tab) first.`,
        { headers: { "retry-after": "30" } },
      );
}
