/** A value as a report's table shows it: counts with separators, rates with two decimals. */
export function formatReportValue(value: string | number | null): string {
  if (typeof value !== "number") return value ?? "";
  return Number.isInteger(value) ? value.toLocaleString() : value.toFixed(2);
}

/**
 * A report's rows as a table, one column per name (the API's `columns`, `rows`): what screen
 * readers read and people copy beside the chart. Scrolls sideways inside its box on a phone.
 */
export default function ReportTable({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
}) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((v, j) => (
                <td key={j}>{formatReportValue(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
