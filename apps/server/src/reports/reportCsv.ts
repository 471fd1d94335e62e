import type { ReportValue } from "./reportSql.ts";

/** One CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
function csvField(value: ReportValue): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A report table as RFC 4180 CSV: a header row of column names, then one record per row,
 * each ended by CRLF. Empty values are empty fields.
 */
export default function reportCsv(columns: readonly string[], rows: readonly ReportValue[][]) {
  return [columns, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
