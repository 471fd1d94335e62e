import type { ReportValue } from "./reportSql.ts";

/**
 * Text a spreadsheet reads as a formula (OWASP, "CSV Injection"): a leading `=`, `+`, `-`,
 * `@`, tab or CR. Page names, campaigns and search terms come from the public edge, so any
 * page can put `=HYPERLINK(…)` in front of the analyst who opens the export.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled.
 * Text that would start a formula gets a leading `'` first (OWASP's rule: the spreadsheet
 * shows it as text). Numbers are the report's own counts and rates: a negative one stays a
 * number, only strings are neutralised.
 */
function csvField(value: ReportValue): string {
  if (value === null) return "";
  const text = typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A report table as RFC 4180 CSV: a header row of column names, then one record per row,
 * each ended by CRLF. Empty values are empty fields; text that would start a spreadsheet
 * formula starts with `'`.
 */
export default function reportCsv(columns: readonly string[], rows: readonly ReportValue[][]) {
  return [columns, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
