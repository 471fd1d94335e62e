import type { BreakdownDefinition } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";
import { HttpError } from "../../http/HttpError.ts";
import parseBreakdown from "./parseBreakdown.ts";
import parseReportQuery from "./parseReportQuery.ts";

const KEYS = new Set(["field", "by", "measure", "eventType", "environmentId", "from", "to"]);
/** Saved ranges are whole UTC days, as the studio's date inputs and breakdown URL hold them. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A saved report's definition, checked by the live breakdown's own parsers
 * (parseReportQuery, parseBreakdown) so that it can never hold what
 * `GET /api/reports/breakdown` would refuse; returns only the known parameters, `by`,
 * `eventType` and `environmentId` left out when empty. Problems name the field under
 * `path` (`definition.field`), as the studio API's 400 `invalid-body` does.
 */
export default function parseSavedDefinition(
  raw: Record<string, unknown>,
  path = "definition",
): BreakdownDefinition {
  for (const key of Object.keys(raw))
    if (!KEYS.has(key))
      throw apiProblems.invalidField(
        `${path}.${key}`,
        `not a breakdown parameter (expected ${[...KEYS].join(", ")})`,
      );
  for (const key of ["from", "to"] as const)
    if (typeof raw[key] !== "string" || !DAY.test(raw[key]))
      throw apiProblems.invalidField(`${path}.${key}`, "expected a date (YYYY-MM-DD)");
  try {
    // The time of the check does not matter: both ends are given.
    const query = parseReportQuery("breakdown", {
      from: raw.from,
      to: raw.to,
      environmentId: raw.environmentId === "" ? undefined : raw.environmentId,
    });
    const breakdown = parseBreakdown(raw, query);
    const out: BreakdownDefinition = {
      field: breakdown.field.join("."),
      measure: breakdown.measure,
      from: raw.from as string,
      to: raw.to as string,
    };
    if (breakdown.by) out.by = breakdown.by.join(".");
    if (breakdown.eventType !== undefined) out.eventType = breakdown.eventType;
    if (breakdown.environmentId !== undefined) out.environmentId = breakdown.environmentId;
    return out;
  } catch (error) {
    // The report parsers speak of query parameters ("field: expected …"); here the same
    // problem is a field of the body.
    if (error instanceof HttpError && error.field !== undefined) {
      const field = error.field;
      throw apiProblems.invalidField(
        `${path}.${field}`,
        error.message.replace(`${field}: `, "").replace(/\.$/, ""),
      );
    }
    throw error;
  }
}
