import type { KeyboardEvent, ReactNode } from "react";

/** What a row spreads on its `<tr>`: the measuring ref, its index, and its ARIA row number. */
export interface RowProps {
  ref?: (row: HTMLTableRowElement | null) => void;
  "data-index": number;
  /** 1 is the header row, so the first body row is 2 (WAI-ARIA 1.2, aria-rowindex). */
  "aria-rowindex": number;
}

/** What VirtualRows and WindowRows take: how many rows, the column count, and each row. */
export interface RowsProps {
  count: number;
  /** The table's column count, for the spacer cells. */
  columns: number;
  row: (index: number, props: RowProps) => ReactNode;
}

export const rowProps = (index: number): RowProps => ({
  "data-index": index,
  "aria-rowindex": index + 2,
});

/** Focuses the link or control in column `column` of row `index` once it is mounted. */
function focusRow(body: HTMLElement, index: number, column: number, tries = 10) {
  const row = body.querySelector<HTMLTableRowElement>(`tr[data-index="${index}"]`);
  const target = row?.cells[column]?.querySelector<HTMLElement>("a, input, button");
  if (target) target.focus();
  else if (tries > 0) requestAnimationFrame(() => focusRow(body, index, column, tries - 1));
}

/**
 * ↑/↓ from a row's link or checkbox: the same column one row up or down, even when that row
 * is not mounted yet (`reveal` scrolls it into the window first). Tab alone would walk every
 * control of every row in between.
 */
export function onRowKeys(
  event: KeyboardEvent<HTMLTableSectionElement>,
  count: number,
  reveal?: (index: number) => void,
): void {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const target = event.target as HTMLElement;
  const current = target.closest("tr[data-index]");
  const cell = target.closest("td");
  if (!current || !cell) return;
  const next = Number(current.getAttribute("data-index")) + (event.key === "ArrowDown" ? 1 : -1);
  if (next < 0 || next >= count) return;
  event.preventDefault();
  reveal?.(next);
  focusRow(event.currentTarget, next, cell.cellIndex);
}
