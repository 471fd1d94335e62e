import type { ReportDefinition } from "./reportDefinitions.ts";
import { dialects } from "./reportSql.ts";

/** 2^11 HyperLogLog registers: about 2.3 % standard error (1.04 / √2048). */
export const REGISTER_BITS = 11;

// hashtext() is PostgreSQL's 32-bit hash of text: its low 10 bits pick the register, the
// other 22 bits give the rank, the position of their leftmost 1 (23 when all are 0). The
// 1e-9 keeps floating point from putting an exact power of two one bit lower.
const HASH = "hashtext(ecid)";
const REGISTER = `(${HASH} & ${(1 << REGISTER_BITS) - 1})`;
const REST = `((${HASH} >> ${REGISTER_BITS}) & ${(1 << (32 - REGISTER_BITS)) - 1})`;
const RANK = `CASE WHEN ${REST} = 0 THEN ${33 - REGISTER_BITS}
  ELSE ${32 - REGISTER_BITS} - floor(ln(${REST}::float8) / ln(2::float8) + 1e-9)::int END`;

/** Up to this many visitors a sketch lists their hashes, so small sets merge exactly. */
export const LIST_LIMIT = 64;

/**
 * A sketch (`HyperLogLog.ts` reads it): up to `LIST_LIMIT` visitors, byte 1 then their 32-bit
 * hashes (4 bytes each); beyond, the register set, sparse: two bytes per filled register,
 * register * 32 + rank, in register order. Lists have odd lengths, register sets even ones.
 */
const sketch = (i: number) => `CASE WHEN SUM(d${i}) <= ${LIST_LIMIT}
  THEN '\\x01'::bytea || decode(COALESCE(string_agg(h${i}, ''), ''), 'hex')
  ELSE COALESCE(decode(string_agg(lpad(to_hex(reg * 32 + r${i}), 4, '0'), '' ORDER BY reg)
  FILTER (WHERE r${i} IS NOT NULL), 'hex'), '\\x'::bytea) END`;

/**
 * The rollup form of a report on PostgreSQL: over the events matching `conditions` (time and
 * scope, bind parameters of the caller), one row per property, environment and label with
 * `counts` (one per count measure), `visitors` (exact distinct visitors per visitors measure,
 * over these events) and `sketches` (per visitors measure). Counts sum across rows, sketches
 * merge; the daily builder stores it per day, reports run it over the days not rolled up.
 *
 * Visitors are made distinct first (per label), so each contributes one register update and
 * the exact counts come from the same pass.
 */
export default function rollupSql(definition: ReportDefinition, conditions: string[]): string {
  const d = dialects.postgres;
  const label = definition.label?.(d) ?? "NULL::text";
  const counts = definition.measures.filter((m) => m.kind === "count");
  const visitors = definition.measures.filter((m) => m.kind === "visitors");
  const where = [...conditions, ...(definition.where ? [definition.where] : [])].join(" AND ");
  const from = `FROM events e ${definition.join ? d[definition.join] : ""} WHERE ${where}`;
  const countOf = (when?: string) => (when ? `COUNT(*) FILTER (WHERE ${when})` : "COUNT(*)");
  if (visitors.length === 0)
    return `SELECT e.property_id AS p, e.environment_id AS v, ${label} AS g,
  ARRAY[${counts.map((m) => countOf(m.when)).join(", ")}]::bigint[] AS counts,
  '{}'::bigint[] AS visitors, '{}'::bytea[] AS sketches
${from} GROUP BY 1, 2, 3`;
  const n = counts.map((m, i) => `${countOf(m.when)} AS n${i}`);
  const f = visitors.map((m, i) => `bool_or(${m.when ?? "true"}) AS f${i}`);
  return `WITH seen AS (
  SELECT e.property_id AS p, e.environment_id AS v, ${label} AS g, e.ecid AS ecid,
    ${[...n, ...f].join(", ")}
  ${from} GROUP BY 1, 2, 3, 4
), registers AS (
  SELECT p, v, g, reg, ${[
    ...counts.map((_, i) => `SUM(n${i}) AS n${i}`),
    ...visitors.map((_, i) => `COUNT(*) FILTER (WHERE f${i}) AS d${i}`),
    ...visitors.map((_, i) => `MAX(rank) FILTER (WHERE f${i}) AS r${i}`),
    ...visitors.map(
      (_, i) => `string_agg(lpad(to_hex(${HASH}), 8, '0'), '') FILTER (WHERE f${i}) AS h${i}`,
    ),
  ].join(", ")}
  FROM (SELECT seen.*, ${REGISTER} AS reg, ${RANK} AS rank FROM seen) s
  GROUP BY p, v, g, reg
)
SELECT p, v, g,
  ARRAY[${counts.map((_, i) => `SUM(n${i})`).join(", ")}]::bigint[] AS counts,
  ARRAY[${visitors.map((_, i) => `SUM(d${i})`).join(", ")}]::bigint[] AS visitors,
  ARRAY[${visitors.map((_, i) => sketch(i)).join(", ")}]::bytea[] AS sketches
FROM registers GROUP BY p, v, g`;
}
