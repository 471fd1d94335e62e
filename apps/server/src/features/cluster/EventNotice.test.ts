import { describe, expect, it } from "vitest";
import { eventNotices, idRanges, parseEventNotice } from "./EventNotice.ts";
import { MAX_PAYLOAD_BYTES } from "../../db/PostgresBus.ts";

describe("event notices", () => {
  it("sends ids as ranges of consecutive ids", () => {
    expect(idRanges([7, 3, 4, 5, 9, 10, 5])).toEqual([
      [3, 5],
      [7, 7],
      [9, 10],
    ]);
    expect(eventNotices("n1", [1, 2, 3])).toEqual(['{"node":"n1","ranges":[[1,3]]}']);
  });

  it("splits scattered ids over notices that each fit a NOTIFY, losing none", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 9_000_000_000_000_000 + i * 2);
    const payloads = eventNotices("0f6a5e1c-1111-4222-8333-444455556666", ids);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const heard = payloads.flatMap((p) => parseEventNotice(p)!.ranges.map(([first]) => first));
    expect(heard).toEqual(ids);
  });

  it("ignores payloads that are not notices", () => {
    for (const payload of [
      "",
      "x",
      "{}",
      '{"node":1,"ranges":[]}',
      '{"node":"a","ranges":[[2,1]]}',
    ])
      expect(parseEventNotice(payload)).toBeUndefined();
  });
});
