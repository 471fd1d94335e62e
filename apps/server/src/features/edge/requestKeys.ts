import type { NewRequest, RequestKey, RequestOutcome } from "../../store/Store.ts";

/**
 * The parts of `appendRequests` both stores share (docs/server.md, Retries): which requests
 * of a batch may store their events, and what each request's outcome is once the store has
 * inserted the batch's keys. The stores only insert keys and skip the events of requests
 * whose key was already there.
 */

const idOf = (key: RequestKey) => `${key.datastreamId}\n${key.requestId}`;

const byKey = (a: RequestKey, b: RequestKey) =>
  a.datastreamId < b.datastreamId
    ? -1
    : a.datastreamId > b.datastreamId
      ? 1
      : a.requestId < b.requestId
        ? -1
        : a.requestId > b.requestId
          ? 1
          : 0;

export interface KeyPlan {
  /**
   * The batch's distinct keys, sorted by datastream then request id: every transaction takes
   * its keys' index entries in the same order, so two nodes inserting overlapping batches wait
   * for each other instead of deadlocking.
   */
  keys: RequestKey[];
  /**
   * The requests that may store, with the index of their key in `keys` (-1: no key): those
   * without a key and the first request of each key. A later request of the same batch with
   * the same key never stores; it answers the first.
   */
  candidates: Array<{ request: NewRequest; key: number }>;
}

export function planKeys(requests: NewRequest[]): KeyPlan {
  const firsts = new Map<string, RequestKey>();
  const candidates: Array<{ request: NewRequest; key: RequestKey | undefined }> = [];
  for (const request of requests) {
    if (!request.key) {
      candidates.push({ request, key: undefined });
      continue;
    }
    const id = idOf(request.key);
    if (firsts.has(id)) continue;
    firsts.set(id, request.key);
    candidates.push({ request, key: request.key });
  }
  const keys = [...firsts.values()].sort(byKey);
  const index = new Map(keys.map((k, i) => [k, i]));
  return {
    keys,
    candidates: candidates.map((c) => ({
      request: c.request,
      key: c.key ? index.get(c.key)! : -1,
    })),
  };
}

/**
 * Every request's outcome, given the keys (by index in `plan.keys`) that were already stored
 * and the earlier request each belongs to.
 */
export function outcomesOf(
  requests: NewRequest[],
  plan: KeyPlan,
  taken: Map<number, RequestKey>,
): RequestOutcome[] {
  const first = new Map<string, RequestKey>();
  plan.keys.forEach((key, i) => first.set(idOf(key), taken.get(i) ?? key));
  const claimed = new Set<string>();
  return requests.map((request): RequestOutcome => {
    if (!request.key) return { stored: true };
    const id = idOf(request.key);
    const owner = first.get(id)!;
    // The first request of a key whose key was not taken is the one that stored.
    if (!claimed.has(id) && owner === request.key) {
      claimed.add(id);
      return { stored: true };
    }
    claimed.add(id);
    return { stored: false, first: owner };
  });
}
