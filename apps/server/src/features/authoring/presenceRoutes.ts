import { PRESENCE_KINDS, type PresenceItem } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { apiProblems } from "../../http/apiProblems.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { PresenceBoard } from "./PresenceBoard.ts";
import { paramsOf } from "../../http/requestParts.ts";

/** A tab's own id: random, made by the studio once per tab. */
export const tabId = {
  type: "string",
  pattern: "^[A-Za-z0-9_-]{8,64}$",
  description: "expected 8 to 64 letters, digits, _ or -",
} as const;

const presenceBody = {
  type: "object",
  required: ["tab", "item"],
  properties: {
    tab: tabId,
    item: {
      type: ["object", "null"],
      required: ["kind", "id"],
      properties: {
        kind: {
          type: "string",
          enum: [...PRESENCE_KINDS],
          description: `expected one of ${PRESENCE_KINDS.join(", ")}`,
        },
        // Ids, extension names and library ids are short; 200 leaves room for any of them.
        id: {
          type: "string",
          minLength: 1,
          maxLength: 200,
          description: "expected an item id of 1 to 200 characters",
        },
      },
    },
  },
} as const;
interface PresenceBody {
  tab: string;
  item: PresenceItem | null;
}

/**
 * `PUT /api/properties/:pid/presence`: a tab says which item it has open (`null`: none any
 * more), and renews it while it stays (docs/api.md). Any signed-in person may: seeing who
 * else is here is no edit. The list reaches readers as the change stream's `presence` event.
 */
export default function presenceRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  board: PresenceBoard,
): void {
  app.put<{ Body: PresenceBody }>(
    "/api/properties/:pid/presence",
    { config: { access: "viewer" }, schema: { body: presenceBody } },
    async (request, reply) => {
      const pid = paramsOf(request).pid!;
      const signed = request.signed;
      if (!signed) throw apiProblems.unauthenticated();
      // An unknown property is a 404, not a list of ghosts on a property nobody can open.
      await ctx.properties.snapshot(pid);
      const { tab, item } = request.body;
      await board.announce(
        pid,
        { tab, user: signed.user.username, role: signed.user.role },
        item === null ? null : { kind: item.kind, id: item.id },
      );
      return reply.code(204).send();
    },
  );
}
