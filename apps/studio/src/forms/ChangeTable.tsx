import { ShowValue } from "./ConflictView.tsx";
import type { ChangeRow } from "./itemChanges.ts";

const NOTE: Record<Exclude<ChangeRow["change"], "changed" | "moved">, string> = {
  added: "added",
  removed: "removed",
};

/**
 * Two versions of one item side by side, one labelled row per difference; a move is one row
 * saying where the component went. Wraps within the window (stacked on a phone).
 */
export default function ChangeTable({
  rows,
  before,
  after,
}: {
  rows: ChangeRow[];
  /** Column headings: "Revision 4", "Current"… */
  before: string;
  after: string;
}) {
  return (
    <table className="merge changes">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{before}</th>
          <th scope="col">{after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={`change-row change-row-${row.change}`}>
            <th scope="row">
              {row.label}
              {row.change !== "changed" && row.change !== "moved" && (
                <span className="badge">{NOTE[row.change]}</span>
              )}
            </th>
            {row.moved ? (
              <td colSpan={2}>
                moved from place {row.moved.from} to place {row.moved.to}
              </td>
            ) : (
              <>
                <td data-label={before}>
                  <del>
                    <ShowValue value={row.from} />
                  </del>
                </td>
                <td data-label={after}>
                  <ins>
                    <ShowValue value={row.to} />
                  </ins>
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
