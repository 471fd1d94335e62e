import { lazy, Suspense } from "react";
import { onRowKeys, rowProps, type RowsProps } from "./rowKeys.ts";

export type { RowProps } from "./rowKeys.ts";

/**
 * Lists up to this long mount every row: cheap at this size, and the browser's find-in-page
 * and a reader's "all rows are there" keep working for the properties most teams have.
 */
export const ALL_ROWS_UP_TO = 200;
/** Rows shown while the windowing code loads. */
const FIRST_ROWS = 50;

// The windowing library is loaded only by lists longer than ALL_ROWS_UP_TO, so the studio's
// first load stays as it was for everyone else (it is about 12 KB gzipped).
const WindowRows = lazy(() => import("./WindowRows.tsx"));

/**
 * The body of a list's table. Up to ALL_ROWS_UP_TO rows, every row is mounted; longer lists
 * (a property's 2,000 rules) mount only the rows near the window (WindowRows), showing the
 * first rows while that code loads. Either way the table gives `aria-rowcount` (rows + 1 for
 * the header), each row its `aria-rowindex`, and ↑/↓ move to the same column of the next row.
 */
export default function VirtualRows({ count, columns, row }: RowsProps) {
  const plain = (shown: number) => (
    <tbody onKeyDown={(event) => onRowKeys(event, shown)}>
      {Array.from({ length: shown }, (_, index) => row(index, rowProps(index)))}
    </tbody>
  );
  if (count <= ALL_ROWS_UP_TO) return plain(count);
  return (
    <Suspense fallback={plain(FIRST_ROWS)}>
      <WindowRows count={count} columns={columns} row={row} />
    </Suspense>
  );
}
