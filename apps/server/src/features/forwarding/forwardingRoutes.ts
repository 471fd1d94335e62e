import type {
  DeliveryPage,
  DeliveryState,
  DestinationKind,
  DestinationStats,
  OutboundHost,
  PlannedRequest,
  SecretInfo,
} from "@liftoff/schema";
import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";
import type { FastifyInstance } from "fastify";
import { userOf, type ApiContext } from "../../main/ApiContext.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { paramsOf } from "../../http/requestParts.ts";
import type { ForwardingRepository } from "./ForwardingRepository.ts";
import type { ForwardingSources } from "./ForwardingSources.ts";
import type { SecretBox } from "./SecretBox.ts";

export interface ForwardingRouteDeps {
  repo: ForwardingRepository;
  sources: ForwardingSources;
  /** Undefined: no key ring is configured, and secrets cannot be set (docs/event-forwarding.md). */
  box: SecretBox | undefined;
  /** Wakes this node's worker (a replay is due at once). */
  wake: () => void;
  now: () => number;
}

const MAX_HOSTS = 100;
const SECRET_NAME = "^[A-Za-z](?:[A-Za-z0-9 _.-]{0,62}[A-Za-z0-9_.-])?$";
const MAX_SECRET_BYTES = 8192;
const DESTINATIONS: DestinationKind[] = ["meta", "ga4", "linkedin", "webhook", "http"];

// `host[:port]` or `*.host[:port]`: lower-case DNS names or IPv4 literals; IPv6 in brackets.
const HOST_PATTERN =
  "^(\\*\\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*|\\[[0-9a-f:.]+\\])(:[1-9][0-9]{0,4})?$";

const hostsBody = {
  type: "object",
  required: ["hosts"],
  additionalProperties: false,
  properties: {
    hosts: {
      type: "array",
      maxItems: MAX_HOSTS,
      description: `expected a list of at most ${MAX_HOSTS} hosts`,
      items: {
        type: "object",
        required: ["host"],
        additionalProperties: false,
        properties: {
          host: {
            type: "string",
            maxLength: 260,
            pattern: HOST_PATTERN,
            description:
              "expected a lower-case host name, *.domain or an address, with an optional :port (no scheme, no path)",
          },
          allowPrivate: { type: "boolean" },
          maxPerSecond: {
            type: "integer",
            minimum: 1,
            maximum: 10_000,
            description: "expected requests per second to this host, 1 to 10000",
          },
          maxConcurrent: {
            type: "integer",
            minimum: 1,
            maximum: 256,
            description: "expected requests at once to this host, 1 to 256",
          },
        },
      },
    },
  },
} as const;

const secretBody = {
  type: "object",
  required: ["value"],
  additionalProperties: false,
  properties: {
    value: {
      type: "string",
      minLength: 1,
      maxLength: MAX_SECRET_BYTES,
      description: `expected the secret's value, 1 to ${MAX_SECRET_BYTES} characters`,
    },
  },
} as const;

const secretParams = {
  type: "object",
  properties: {
    pid: { type: "string" },
    environmentId: { type: "string", maxLength: 100 },
    name: {
      type: "string",
      pattern: SECRET_NAME,
      description: "expected a name of a letter, then up to 63 letters, digits, '_', '.' or '-'",
    },
  },
} as const;

const deliveriesQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    state: { type: "string", enum: ["pending", "delivered", "dead", "failing"] },
    destination: { type: "string", enum: DESTINATIONS },
    before: {
      type: "string",
      pattern: "^[1-9][0-9]{0,15}$",
      description: "expected a delivery id (the `next` of the page before)",
    },
    limit: {
      type: "string",
      pattern: "^([1-9][0-9]?|1[0-9][0-9]|200)$",
      description: "expected an integer from 1 to 200",
    },
  },
} as const;

const statsQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    since: {
      type: "string",
      maxLength: 40,
      pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T",
      description: "expected an ISO-8601 date and time",
    },
  },
} as const;

const idParams = {
  type: "object",
  properties: {
    pid: { type: "string" },
    id: { type: "string", pattern: "^[1-9][0-9]{0,15}$", description: "expected a delivery id" },
  },
} as const;

/** A planned request as people see it: each secret placeholder as `{{secret:name}}`. */
export function shownRequest(request: PlannedRequest): PlannedRequest {
  const show = (text: string) =>
    text.replace(
      new RegExp(`${SECRET_OPEN}([^${SECRET_CLOSE}]*)${SECRET_CLOSE}`, "g"),
      "{{secret:$1}}",
    );
  return {
    method: request.method,
    url: show(request.url),
    query: request.query.map(([k, v]) => [show(k), show(v)]),
    headers: request.headers.map(([k, v]) => [show(k), show(v)]),
    body: request.body === null ? null : show(request.body),
  };
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Event forwarding's API (docs/api.md, docs/event-forwarding.md): a forwarding property's
 * outbound hosts (admins), its secrets per environment (write-only), and its deliveries
 * (the queue as people read it: recent, failing, dead letters, replay, per-destination figures).
 */
export default function forwardingRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  deps: ForwardingRouteDeps,
): void {
  const { repo } = deps;

  /** The property, which must exist and be a forwarding property. */
  const forwardingProperty = async (pid: string) => {
    const settings = await ctx.store.authoring.workingSettings(pid);
    if (!settings) throw apiProblems.notFound(`property "${pid}"`);
    if (settings.platform !== "edge")
      throw apiProblems.conflict(
        `Property "${pid}" is a web property; hosts, secrets and deliveries belong to event forwarding properties.`,
      );
    return settings;
  };

  app.get("/api/properties/:pid/forwarding/hosts", { config: { access: "viewer" } }, async (r) => {
    const { pid } = paramsOf(r);
    await forwardingProperty(pid!);
    return { hosts: await repo.hosts(pid!) };
  });

  app.put<{ Body: { hosts: OutboundHost[] } }>(
    "/api/properties/:pid/forwarding/hosts",
    { config: { access: "admin" }, schema: { body: hostsBody } },
    async (request) => {
      const { pid } = paramsOf(request);
      await forwardingProperty(pid!);
      const hosts = request.body.hosts;
      hosts.forEach((h, i) => {
        if (hosts.findIndex((o) => o.host === h.host) !== i)
          throw apiProblems.invalidField(`hosts[${i}].host`, "listed twice");
      });
      const before = await repo.hosts(pid!);
      await repo.setHosts(pid!, hosts);
      deps.sources.forget(pid!);
      await ctx.store.audit.append({
        user: userOf(request),
        action: "forwarding.hosts",
        propertyId: pid!,
        target: pid!,
        detail: { summary: "set the outbound hosts", before, after: hosts },
      });
      return { hosts: await repo.hosts(pid!) };
    },
  );

  app.get(
    "/api/properties/:pid/forwarding/secrets",
    { config: { access: "viewer" } },
    async (r) => {
      const { pid } = paramsOf(r);
      await forwardingProperty(pid!);
      const secrets: SecretInfo[] = await repo.secrets(pid!);
      return { secrets, sealing: deps.box ? "on" : "off" };
    },
  );

  const environmentOf = async (pid: string, environmentId: string) => {
    const { document } = await ctx.properties.load(pid);
    if (!document.environments.some((e) => e.id === environmentId))
      throw apiProblems.invalidField(
        "environmentId",
        `expected one of the property's environments: ${document.environments.map((e) => e.id).join(", ")}`,
      );
  };

  app.put<{ Body: { value: string } }>(
    "/api/properties/:pid/forwarding/secrets/:environmentId/:name",
    { config: { access: "editor" }, schema: { params: secretParams, body: secretBody } },
    async (request) => {
      const { pid, environmentId, name } = paramsOf(request);
      await forwardingProperty(pid!);
      if (!deps.box)
        throw apiProblems.conflict(
          "Secrets are off on this server: set LIFTOFF_SECRET_KEYS (docs/event-forwarding.md, Secrets).",
        );
      await environmentOf(pid!, environmentId!);
      const place = { propertyId: pid!, environmentId: environmentId!, name: name! };
      const user = userOf(request);
      await repo.putSecret(
        pid!,
        environmentId!,
        deps.box.seal(place, request.body.value),
        user,
        deps.now(),
      );
      deps.sources.forget(pid!);
      // The value never reaches the audit log, a log line or an answer.
      await ctx.store.audit.append({
        user,
        action: "forwarding.secret",
        propertyId: pid!,
        target: `${environmentId}/${name}`,
        detail: { summary: `set secret "${name}" of environment ${environmentId}` },
      });
      const info = (await repo.secrets(pid!)).find(
        (s) => s.environmentId === environmentId && s.name === name,
      );
      return info;
    },
  );

  app.delete(
    "/api/properties/:pid/forwarding/secrets/:environmentId/:name",
    { config: { access: "editor" }, schema: { params: secretParams } },
    async (request, reply) => {
      const { pid, environmentId, name } = paramsOf(request);
      await forwardingProperty(pid!);
      if (!(await repo.deleteSecret(pid!, environmentId!, name!)))
        throw apiProblems.notFound(`secret "${name}" of environment ${environmentId}`);
      deps.sources.forget(pid!);
      await ctx.store.audit.append({
        user: userOf(request),
        action: "forwarding.secret.delete",
        propertyId: pid!,
        target: `${environmentId}/${name}`,
        detail: { summary: `deleted secret "${name}" of environment ${environmentId}` },
      });
      return reply.code(204).send();
    },
  );

  app.get<{
    Querystring: { state?: string; destination?: DestinationKind; before?: string; limit?: string };
  }>(
    "/api/properties/:pid/deliveries",
    { config: { access: "viewer" }, schema: { querystring: deliveriesQuery } },
    async (request): Promise<DeliveryPage> => {
      const { pid } = paramsOf(request);
      await forwardingProperty(pid!);
      const { state, destination, before, limit } = request.query;
      const size = Number(limit ?? 50);
      const rows = await repo.list(pid!, {
        ...(state === "failing"
          ? { failing: true }
          : state
            ? { state: state as DeliveryState }
            : {}),
        ...(destination ? { destination } : {}),
        ...(before ? { before: Number(before) } : {}),
        limit: size + 1,
      });
      const page = rows.slice(0, size).map((d) => {
        const { attemptLog: _omitted, ...rest } = d;
        return { ...rest, request: shownRequest(d.request) };
      });
      return rows.length > size
        ? { deliveries: page, next: page.at(-1)!.id }
        : { deliveries: page };
    },
  );

  app.get<{ Querystring: { since?: string } }>(
    "/api/properties/:pid/deliveries/stats",
    { config: { access: "viewer" }, schema: { querystring: statsQuery } },
    async (request): Promise<{ destinations: DestinationStats[]; since: string }> => {
      const { pid } = paramsOf(request);
      await forwardingProperty(pid!);
      const since = request.query.since
        ? Date.parse(request.query.since)
        : deps.now() - 24 * 3600_000;
      if (Number.isNaN(since))
        throw apiProblems.invalidField("since", "expected an ISO-8601 date and time");
      const { counts, latencies } = await repo.stats(pid!, since);
      const byKey = new Map<string, DestinationStats>();
      const entry = (destination: string, host: string) => {
        const key = `${destination} ${host}`;
        let stats = byKey.get(key);
        if (!stats) {
          stats = {
            destination: destination as DestinationKind,
            host,
            delivered: 0,
            pending: 0,
            dead: 0,
            successRate: null,
            p50LatencyMs: null,
            p95LatencyMs: null,
          };
          byKey.set(key, stats);
        }
        return stats;
      };
      for (const row of counts) {
        const stats = entry(String(row.destination), String(row.host));
        const state = String(row.state) as DeliveryState;
        stats[state] = Number(row.n);
      }
      const times = new Map<string, number[]>();
      for (const row of latencies) {
        const key = `${String(row.destination)} ${String(row.host)}`;
        const list = times.get(key) ?? [];
        list.push(Number(row.ms));
        times.set(key, list);
      }
      for (const [key, stats] of byKey) {
        const ended = stats.delivered + stats.dead;
        stats.successRate = ended === 0 ? null : stats.delivered / ended;
        const sorted = (times.get(key) ?? []).sort((a, b) => a - b);
        stats.p50LatencyMs = percentile(sorted, 50);
        stats.p95LatencyMs = percentile(sorted, 95);
      }
      return {
        destinations: [...byKey.values()].sort((a, b) =>
          `${a.destination} ${a.host}`.localeCompare(`${b.destination} ${b.host}`),
        ),
        since: new Date(since).toISOString(),
      };
    },
  );

  app.get(
    "/api/properties/:pid/deliveries/:id",
    { config: { access: "viewer" }, schema: { params: idParams } },
    async (request) => {
      const { pid, id } = paramsOf(request);
      await forwardingProperty(pid!);
      const delivery = await repo.get(pid!, Number(id));
      if (!delivery) throw apiProblems.notFound(`delivery ${id}`);
      return { ...delivery, request: shownRequest(delivery.request) };
    },
  );

  app.post(
    "/api/properties/:pid/deliveries/:id/replay",
    { config: { access: "editor" }, schema: { params: idParams } },
    async (request) => {
      const { pid, id } = paramsOf(request);
      await forwardingProperty(pid!);
      const delivery = await repo.get(pid!, Number(id));
      if (!delivery) throw apiProblems.notFound(`delivery ${id}`);
      if (!(await repo.replay(pid!, Number(id), deps.now())))
        throw apiProblems.conflict(
          `Delivery ${id} is ${delivery.state}; only dead deliveries are replayed.`,
        );
      await ctx.store.audit.append({
        user: userOf(request),
        action: "forwarding.replay",
        propertyId: pid!,
        target: id!,
        detail: { summary: `replayed delivery ${id} to ${delivery.host}` },
      });
      deps.wake();
      const replayed = (await repo.get(pid!, Number(id)))!;
      return { ...replayed, request: shownRequest(replayed.request) };
    },
  );
}
