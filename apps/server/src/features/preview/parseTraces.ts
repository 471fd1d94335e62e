import type { PreviewTrace } from "@liftoff/schema";
import parseStrictJson from "../../http/parseStrictJson.ts";
import { previewProblems } from "./previewProblems.ts";

/** Caps of one trace report (docs/preview.md, Limits). */
export const MAX_REPORT_BYTES = 256 * 1024;
export const MAX_REPORT_RECORDS = 500;

type Check = "string" | "number" | "array" | "object";

/** The records a page makes; `forwarding` and `delivery` are the server's own, never a page's. */
type PageMade = Exclude<PreviewTrace["type"], "forwarding" | "delivery">;

/** The members each record type must have, beyond `type`, `pageId`, `at` and `seq`. */
const REQUIRED: Record<PageMade, Record<string, Check>> = {
  page: { url: "string", startedAt: "number" },
  event: { triggerId: "string", ruleId: "string", modulePath: "string" },
  rule: {
    triggerId: "string",
    ruleId: "string",
    outcome: "string",
    conditions: "array",
    actions: "array",
  },
  dataElement: { name: "string", source: "string" },
  edge: { url: "string" },
  identity: {},
};

const BASE: Record<string, Check> = { pageId: "string", at: "number", seq: "number" };

function fits(value: unknown, check: Check): boolean {
  if (check === "number") return typeof value === "number" && Number.isFinite(value);
  if (check === "array") return Array.isArray(value);
  if (check === "object")
    return typeof value === "object" && value !== null && !Array.isArray(value);
  return typeof value === "string" && value.length > 0 && value.length <= 2048;
}

function checkRecord(record: unknown, i: number): PreviewTrace {
  if (!fits(record, "object"))
    throw previewProblems.invalidTrace(`[${i}]`, "expected a trace record (an object)");
  const r = record as Record<string, unknown>;
  const type = r.type;
  if (typeof type !== "string" || !Object.hasOwn(REQUIRED, type))
    throw previewProblems.invalidTrace(
      `[${i}].type`,
      `expected one of ${Object.keys(REQUIRED).join(", ")}`,
    );
  for (const [name, check] of Object.entries({
    ...BASE,
    ...REQUIRED[type as PageMade],
  }))
    if (!fits(r[name], check))
      throw previewProblems.invalidTrace(
        `[${i}].${name}`,
        check === "string"
          ? "expected a non-empty string"
          : `expected ${check === "array" ? "an array" : "a number"}`,
      );
  return r as unknown as PreviewTrace;
}

/**
 * A report's records, checked: at most MAX_REPORT_BYTES of text holding a JSON array of at
 * most MAX_REPORT_RECORDS records of known types with their members, nested at most
 * MAX_JSON_DEPTH levels (the studio API's limit). A refusal names the field (`[3].seq`);
 * nothing of a refused report is kept.
 */
export default function parseTraces(body: unknown): PreviewTrace[] {
  const text = typeof body === "string" ? body : "";
  if (text === "") throw previewProblems.invalidTrace("body", "expected a JSON array of traces");
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_REPORT_BYTES)
    throw previewProblems.reportTooLarge(
      `The report is ${bytes} bytes; at most ${MAX_REPORT_BYTES} are accepted.`,
    );
  // The studio API's parser: its depth limit (MAX_JSON_DEPTH) and number checks, naming the
  // path. A record nested thousands deep would otherwise be stored and then break every
  // JSON.stringify that meets it (a 500 here, a broken stream for its watchers).
  const parsed = parseStrictJson(Buffer.from(text), previewProblems.invalidTrace);
  if (!Array.isArray(parsed))
    throw previewProblems.invalidTrace("body", "expected a JSON array of traces");
  if (parsed.length > MAX_REPORT_RECORDS)
    throw previewProblems.reportTooLarge(
      `The report has ${parsed.length} records; at most ${MAX_REPORT_RECORDS} are accepted.`,
      "body.length",
    );
  return parsed.map(checkRecord);
}
