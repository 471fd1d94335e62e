import { MAX_PAYLOAD_BYTES } from "../../db/PostgresBus.ts";

/** The channel on which a node says that events committed (features/cluster/shareLiveEvents.ts). */
export const EVENTS_CHANNEL = "liftoff_events";

/** "Node `node` committed the events with ids in these inclusive ranges." */
export interface EventNotice {
  node: string;
  ranges: Array<[number, number]>;
}

/** Ascending ids as inclusive ranges of consecutive ids. */
export function idRanges(ids: number[]): Array<[number, number]> {
  const sorted = [...ids].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const id of sorted) {
    const last = ranges.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else if (!last || id > last[1]) ranges.push([id, id]);
  }
  return ranges;
}

/** The notices (JSON payloads) for `ids`, each within what one NOTIFY carries. */
export function eventNotices(node: string, ids: number[]): string[] {
  const payloads: string[] = [];
  let ranges: Array<[number, number]> = [];
  // A range is at most 2 × 20 digits and 4 punctuation characters; the node id is short.
  const perNotice = Math.floor((MAX_PAYLOAD_BYTES - 200) / 44);
  for (const range of idRanges(ids)) {
    ranges.push(range);
    if (ranges.length === perNotice) {
      payloads.push(JSON.stringify({ node, ranges }));
      ranges = [];
    }
  }
  if (ranges.length > 0) payloads.push(JSON.stringify({ node, ranges }));
  return payloads;
}

const isRange = (r: unknown): r is [number, number] =>
  Array.isArray(r) &&
  r.length === 2 &&
  r.every((n) => Number.isSafeInteger(n)) &&
  (r[0] as number) <= (r[1] as number);

/** The notice in a payload, or undefined for anything else on the channel. */
export function parseEventNotice(payload: string): EventNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<EventNotice>;
    if (typeof value.node !== "string" || !Array.isArray(value.ranges)) return undefined;
    if (!value.ranges.every(isRange)) return undefined;
    return { node: value.node, ranges: value.ranges };
  } catch {
    return undefined;
  }
}
