import type { PreviewTrace } from "@liftoff/schema";
import { afterEach, expect, it, vi } from "vitest";
import createTraceSender, { MAX_BATCH_BYTES, toBatches } from "./createTraceSender.ts";

afterEach(() => vi.restoreAllMocks());

const identity = (n: number, ecid = "x"): PreviewTrace => ({
  type: "identity",
  pageId: "p",
  at: n,
  seq: n,
  ecid,
});

it("splits records into batches of at most 500 records and 256 KB", () => {
  const many = Array.from({ length: 1201 }, (_, n) => identity(n));
  expect(toBatches(many).map((b) => (JSON.parse(b) as unknown[]).length)).toEqual([500, 500, 201]);
  const big = Array.from({ length: 5 }, (_, n) => identity(n, "e".repeat(100 * 1024)));
  const batches = toBatches(big);
  expect(batches.map((b) => (JSON.parse(b) as unknown[]).length)).toEqual([2, 2, 1]);
  for (const b of batches) expect(new Blob([b]).size).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  expect(toBatches([identity(0, "e".repeat(MAX_BATCH_BYTES))])).toEqual([]);
});

it("stamps records and sends them as one text beacon shortly after the first", async () => {
  const sent: [string, string][] = [];
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: string) => sent.push([url, body]) > 0,
  });
  const sender = createTraceSender("https://liftoff.test/preview/abc/trace", "page1");
  sender.emit({ type: "identity", ecid: "1" });
  sender.emit({ type: "identity", consent: "in" });
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]![0]).toBe("https://liftoff.test/preview/abc/trace");
  expect(JSON.parse(sent[0]![1])).toMatchObject([
    { type: "identity", ecid: "1", pageId: "page1", seq: 0 },
    { type: "identity", consent: "in", pageId: "page1", seq: 1 },
  ]);
});
