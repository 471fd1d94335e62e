import type { PreviewTrace } from "@liftoff/schema";
import { readSse } from "../../http/testSse.ts";

/** A page-view trace record numbered `seq` (tests only), with any fields replaced. */
export const trace = (seq: number, extra: Record<string, unknown> = {}): PreviewTrace => ({
  type: "event",
  pageId: "pv1",
  at: seq * 10,
  seq,
  triggerId: `t${seq}`,
  ruleId: "RLpageview",
  ruleName: "Page View",
  modulePath: "core/src/lib/events/libraryLoaded.js",
  eventName: "Library Loaded",
  ...extra,
});

/** A session's SSE stream, read over a real socket with a client's session cookie. */
export const watch = (origin: string, id: string, client: { cookie: string }) =>
  readSse(`${origin}/api/previews/${id}/stream`, { cookie: client.cookie });
