// Edge traffic for the cluster suite and bench/cluster-ingest.mjs: autocannon posting
// alloy-shaped requests, each with its own requestId, so what was acknowledged can be
// checked against what was stored. Bounded by `seconds`.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { alloyBody } from "../../bench/server/lib.mjs";

/** Alloy-shaped requests of `events` page views (bench/server/lib.mjs). */
export const edgeBody = (events = 1) => alloyBody(events);

/**
 * Posts to `${origin}/ee/v1/interact?configId=…&requestId=…` for `seconds`; `during(elapsedMs)`
 * hooks run at the times given. Resolves to every request's id and status (0: no answer).
 */
export function edgeLoad(origin, configId, { seconds, connections = 20, events = 1, at = [] }) {
  const body = edgeBody(events);
  const outcomes = [];
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timers = at.map(({ ms, run }) => setTimeout(run, ms));
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        tlsOptions: { rejectUnauthorized: false },
        requests: [
          {
            method: "POST",
            headers: { "content-type": "text/plain; charset=UTF-8" },
            body,
            setupRequest(request, context) {
              context.id = randomUUID();
              return {
                ...request,
                path: `/ee/v1/interact?configId=${encodeURIComponent(configId)}&requestId=${context.id}`,
              };
            },
            onResponse(status, _body, context) {
              outcomes.push({ id: context.id, status, ms: Date.now() - started });
            },
          },
        ],
      },
      (error, result) => {
        timers.forEach(clearTimeout);
        if (error) return reject(error);
        resolve({ outcomes, errors: result.errors, timeouts: result.timeouts });
      },
    );
    instance.on("error", () => {});
  });
}
