import type { useSelection } from "./useSelection.ts";

type Selection = ReturnType<typeof useSelection>;

/** The header cell that checks every row shown. */
export function CheckAllHeader({ label, selection }: { label: string; selection: Selection }) {
  return (
    <th scope="col">
      <input
        type="checkbox"
        aria-label={label}
        checked={selection.allChecked}
        onChange={(e) => selection.toggleAll(e.target.checked)}
      />
    </th>
  );
}

/** The cell that checks one row (named for screen readers by the item's name). */
export function CheckCell({
  id,
  name,
  selection,
}: {
  id: string;
  name: string;
  selection: Selection;
}) {
  return (
    <td>
      <input
        type="checkbox"
        aria-label={`Check ${name}`}
        checked={selection.isChecked(id)}
        onChange={(e) => selection.toggle(id, e.target.checked)}
      />
    </td>
  );
}
