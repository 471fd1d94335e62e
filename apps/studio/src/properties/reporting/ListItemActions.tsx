import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Keeps the keyboard where the person is while a list changes under them. After "Move up",
 * the focus follows the entry to its new place (onto "Move down" when it reached the top);
 * after "Remove", it goes to the entry that took its place, or to the list's Add button;
 * after "Add", to the new entry's first box. The list element carries the id `listId` (its
 * children are the entries) and its Add button `${listId}-add`; entries mark their buttons
 * with `data-action`. Returns the function to call with a change: where the focus should
 * land once the list has re-rendered.
 */
export function useListFocus(listId: string) {
  const pending = useRef<{ index: number; prefer: string[] } | null>(null);
  useLayoutEffect(() => {
    const want = pending.current;
    if (!want) return;
    pending.current = null;
    const entry = document.getElementById(listId)?.children[want.index];
    const target =
      want.prefer
        .map((selector) => entry?.querySelector<HTMLElement>(`${selector}:not(:disabled)`))
        .find((el) => el) ?? document.getElementById(`${listId}-add`);
    target?.focus();
  });
  return useCallback(
    (index: number, ...prefer: string[]) => void (pending.current = { index, prefer }),
    [],
  );
}

type FocusAfter = ReturnType<typeof useListFocus>;

const FIRST_BOX = "input, select";

/**
 * Move up, Move down and Remove for entry `index` of `count`, each named with `noun` for
 * screen readers ("Move up field 2"), the way the manifest forms' lists name theirs.
 */
export default function ListItemActions({
  noun,
  index,
  count,
  onChange,
  focus,
  min = 0,
}: {
  noun: string;
  index: number;
  count: number;
  /** The list's new order (`from`, `to`) or removal (`to` undefined). */
  onChange: (from: number, to?: number) => void;
  focus: FocusAfter;
  /** Entries the list must keep: Remove is disabled at this many. */
  min?: number;
}) {
  // A list that must keep its only entry has nothing to offer for it.
  if (count <= min && count === 1) return null;
  const name = `${noun} ${index + 1}`;
  // Scoped to this list's buttons: an entry may hold lists of its own with the same buttons.
  const button = (action: string) => `[data-actions="${noun}"] > [data-action="${action}"]`;
  const move = (to: number, action: string, other: string) => {
    focus(to, button(action), button(other));
    onChange(index, to);
  };
  return (
    <div className="row-actions" data-actions={noun}>
      <button
        type="button"
        data-action="up"
        aria-label={`Move up ${name}`}
        disabled={index === 0}
        onClick={() => move(index - 1, "up", "down")}
      >
        Move up
      </button>
      <button
        type="button"
        data-action="down"
        aria-label={`Move down ${name}`}
        disabled={index === count - 1}
        onClick={() => move(index + 1, "down", "up")}
      >
        Move down
      </button>
      <button
        type="button"
        data-action="remove"
        aria-label={`Remove ${name}`}
        disabled={count <= min}
        onClick={() => {
          focus(index < count - 1 ? index : index - 1, FIRST_BOX);
          onChange(index);
        }}
      >
        Remove
      </button>
    </div>
  );
}

/** Where the focus goes after "Add …": the new last entry's first box. */
export const focusNewEntry = (focus: FocusAfter, count: number) => focus(count, FIRST_BOX);
