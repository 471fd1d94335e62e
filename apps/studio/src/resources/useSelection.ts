import { useState } from "react";

/** Checked ids of a list; ids no longer shown drop out of what the actions take. */
export function useSelection(shownIds: string[]) {
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const selected = shownIds.filter((id) => checked.has(id));
  return {
    selected,
    isChecked: (id: string) => checked.has(id),
    toggle: (id: string, on: boolean) =>
      setChecked((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    allChecked: shownIds.length > 0 && selected.length === shownIds.length,
    toggleAll: (on: boolean) => setChecked(on ? new Set(shownIds) : new Set()),
    clear: () => setChecked(new Set()),
  };
}
