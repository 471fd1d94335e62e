import type { PropertyState } from "@liftoff/schema";
import { useNavigate, useParams } from "react-router";
import { usePropertyChange, useProperty } from "../properties/useProperty.ts";
import { itemProblems } from "./itemProblems.ts";

interface Named {
  id: string;
  name: string;
}

/** How one kind of item is saved and removed through the API. */
export interface ItemCalls<T> {
  save(pid: string, revision: number, item: T, isNew: boolean): Promise<PropertyState>;
  remove(pid: string, revision: number, id: string): Promise<PropertyState>;
}

/**
 * The wiring an item editor (`…/:id`, `…/new`) needs around its form: the stored item, its
 * validation problems, save (a new item's page moves to its id) and delete (back to the
 * list). `missing` is true when the URL names an item the property no longer has.
 */
export function useItemEditor<T extends Named>(
  field: "dataElements" | "rules",
  bodyKey: "dataElement" | "rule",
  calls: ItemCalls<T>,
) {
  const { pid = "", id = "" } = useParams();
  const navigate = useNavigate();
  const state = useProperty(pid).data!;
  const isNew = id === "new";
  const itemsOf = (s: PropertyState) => s.document[field] as unknown as T[];
  const index = itemsOf(state).findIndex((item) => item.id === id);
  const save = usePropertyChange(pid, (revision, item: T) =>
    calls.save(pid, revision, item, isNew),
  );
  const remove = usePropertyChange(pid, (revision, itemId: string) =>
    calls.remove(pid, revision, itemId),
  );
  const stored = isNew ? undefined : itemsOf(state)[index];
  return {
    state,
    missing: !isNew && index < 0,
    // A reload (after a save, or a conflict) restarts the form from the stored item.
    formKey: `${id}@${state.revision}`,
    form: {
      stored,
      problems: itemProblems(
        state.problems,
        isNew ? undefined : `${field}[${index}]`,
        save.error,
        bodyKey,
      ),
      error: save.error ?? remove.error,
      busy: save.isPending || remove.isPending,
      onSave: (item: T) =>
        save.mutate(item, {
          onSuccess: (next) => {
            const saved = itemsOf(next).find((candidate) => candidate.name === item.name);
            if (isNew && saved)
              void navigate(`../${encodeURIComponent(saved.id)}`, { relative: "path" });
          },
        }),
      onDelete: stored
        ? () =>
            remove.mutate(stored.id, {
              onSuccess: () => void navigate("..", { relative: "path" }),
            })
        : undefined,
    },
  };
}
