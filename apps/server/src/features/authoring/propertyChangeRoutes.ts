import type { PropertyChange } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import type { ClusterBus } from "../../db/ClusterBus.ts";
import { eventStreams } from "../../http/eventStreams.ts";
import { LiveConnection } from "../../http/LiveConnection.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { PresenceBoard } from "./PresenceBoard.ts";
import { tabId } from "./presenceRoutes.ts";
import { paramsOf } from "../../http/requestParts.ts";

/** The channel on which a node says that a property changed (the payload: a PropertyChange). */
export const PROPERTY_CHANGES_CHANNEL = "liftoff_property_changes";

/**
 * PostgreSQL's NOTIFY carries at most 8,000 bytes. A change that names more resources than
 * fit (a bulk change of hundreds of items) goes out without them: the studio reloads the
 * property either way.
 */
const MAX_NOTICE = 7_000;

/** Tells every node (this one included) that `change` was saved; never fails. */
export async function publishPropertyChange(
  bus: ClusterBus,
  change: PropertyChange,
): Promise<void> {
  let payload = JSON.stringify(change);
  if (Buffer.byteLength(payload) > MAX_NOTICE)
    payload = JSON.stringify({ ...change, resources: [] });
  // The change is stored whatever happens here: a notice lost while the bus is down only
  // delays what other people see (their studio reloads on the next change or reconnect).
  await bus.publish(PROPERTY_CHANGES_CHANNEL, payload).catch(() => undefined);
}

const isChange = (value: unknown): value is PropertyChange =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as PropertyChange).propertyId === "string" &&
  typeof (value as PropertyChange).revision === "number";

export interface PropertyChangeOptions {
  heartbeatMs: number;
  /** Characters that may wait for one slow reader before it is disconnected (LiveConnection). */
  maxBuffered: number;
  /** Who has which item open: sent as `presence` events on the same stream. */
  presence: PresenceBoard;
}

const changesQuery = { type: "object", properties: { tab: tabId } } as const;

/**
 * `GET /api/properties/:pid/changes`: Server-Sent Events of one property's saves, so open
 * editors and lists follow what colleagues save (docs/api.md). First `ready` with the
 * property's revision as the stream starts listening, then a `change` per saved change, on
 * whichever node it was saved (the cluster bus carries the notice). A reader that reconnects
 * reloads the property: `ready`'s revision tells it whether it missed anything.
 *
 * Presence rides along: a `presence` event with the whole list (PresenceEntry[]) after
 * `ready` when anyone is here, and again whenever it changes. A stream opened with `?tab=`
 * belongs to that tab: when it closes, the tab has left (a closed browser tab says no goodbye).
 */
export default function propertyChangeRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  options: PropertyChangeOptions,
): void {
  const startStream = eventStreams(app, options.heartbeatMs);
  app.get<{ Querystring: { tab?: string } }>(
    "/api/properties/:pid/changes",
    { config: { access: "viewer" }, schema: { querystring: changesQuery } },
    async (request, reply) => {
      const pid = paramsOf(request).pid!;
      // Listening starts before the revision is read, so a save in between is sent, not lost.
      const heard: string[] = [];
      const reader: { connection?: LiveConnection } = {};
      const send = (text: string) => {
        if (reader.connection) reader.connection.send(text);
        else heard.push(text);
      };
      const presenceText = (entries: unknown) =>
        `event: presence\ndata: ${JSON.stringify(entries)}\n\n`;
      const unwatch = options.presence.watch(pid, (entries) => send(presenceText(entries)));
      const { tab } = request.query;
      const signed = request.signed;
      const unsubscribeChanges = ctx.store.bus.subscribe(PROPERTY_CHANGES_CHANNEL, (payload) => {
        let change: unknown;
        try {
          change = JSON.parse(payload);
        } catch {
          return;
        }
        if (!isChange(change) || change.propertyId !== pid) return;
        send(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const unsubscribe = () => {
        unsubscribeChanges();
        unwatch();
        // The tab's stream is gone, so is the tab (or it reconnects and says so again).
        if (tab !== undefined && signed)
          void options.presence.announce(
            pid,
            { tab, user: signed.user.username, role: signed.user.role },
            null,
          );
      };
      let revision: number;
      try {
        revision = (await ctx.properties.load(pid)).revision;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      // A client that left meanwhile gets no stream: its close event has passed.
      if (request.raw.socket.destroyed) {
        unsubscribe();
        return reply.hijack();
      }
      const connection = new LiveConnection(reply.raw, options.maxBuffered, (backlog) =>
        request.log.info({ backlog }, "property changes: reader fell behind; disconnected"),
      );
      startStream(request, reply, (text) => connection.send(text), unsubscribe);
      connection.send(`event: ready\ndata: ${JSON.stringify({ revision })}\n\n`);
      const here = options.presence.list(pid);
      // No one here needs no event: a reader starts (and restarts, on `ready`) with none.
      if (here.length > 0 && !heard.some((text) => text.startsWith("event: presence")))
        connection.send(presenceText(here));
      for (const text of heard.splice(0)) connection.send(text);
      reader.connection = connection;
    },
  );
}
