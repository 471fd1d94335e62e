import {
  dataElementUsers,
  describeUsers,
  type EditConflict,
  type ItemSaved,
} from "@liftoff/schema";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../api/ApiError.ts";
import { useConfirm } from "../confirm/useConfirm.ts";
import { resourceOf, useProperty, usePropertyChange } from "../properties/useProperty.ts";
import { storedProblemsOf } from "../properties/itemProblemCount.ts";
import { itemProblems } from "./itemProblems.ts";

interface Named {
  id: string;
  name: string;
}

/** How one kind of item is saved and removed through the API. */
export interface ItemCalls<T> {
  /** `revision`: the item's revision the form started from. */
  save(pid: string, revision: number, item: T, isNew: boolean): Promise<ItemSaved>;
  remove(pid: string, revision: number, id: string): Promise<ItemSaved>;
}

/** What the form starts from: a version of the item and the revision it belongs to. */
interface Session<T> {
  id: string;
  /** Bumped whenever the form must restart from `initial`. */
  key: number;
  /** The item's revision saves are based on. */
  base: number;
  /** The item as it is at `base` (what "unsaved edits" are measured against). */
  baseItem: T | undefined;
  /** What the form shows when it (re)starts. */
  initial: T | undefined;
  /** The newest stored revision this session has looked at. */
  seen: number;
}

export const conflictOf = (error: unknown): EditConflict | undefined =>
  error instanceof ApiError ? error.problem.conflict : undefined;

/**
 * The wiring an item editor (`…/:id`, `…/new`) needs around its form, so that nobody loses
 * work when several people edit one property:
 * - saves send the revision of this item the form started from; saves of other items never
 *   disturb the form;
 * - a newer revision saved by someone else (the property's change stream brings it as it
 *   is saved) reloads the form only while it has no unsaved edits, and `updated` says who
 *   saved; otherwise `newer` says who saved and the edits stay until Save offers the merge;
 * - a 409 `edit-conflict` gives `conflict` (the version the edits started from, mine, and
 *   theirs) for a three-way merge; the merged version goes back into the form, based on
 *   their revision (which becomes the new starting point);
 * - a created item's page moves to the id the server answers.
 */
export function useItemEditor<T extends Named>(
  field: "dataElements" | "rules",
  kind: "dataElement" | "rule",
  calls: ItemCalls<T>,
) {
  const { pid = "", id = "" } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const state = useProperty(pid).data!;
  const isNew = id === "new";
  const items = state.document[field] as unknown as T[];
  const index = items.findIndex((item) => item.id === id);
  const stored = isNew ? undefined : items[index];
  const resource = isNew ? undefined : resourceOf(state, kind, id);
  const revision = resource?.revision;
  const [session, setSession] = useState<Session<T>>(() => ({
    id,
    key: 0,
    base: revision ?? 0,
    baseItem: stored,
    initial: stored,
    seen: revision ?? 0,
  }));
  const [dirty, setDirty] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  /** The form took someone else's newer revision by itself (it had no edits): who saved. */
  const [updated, setUpdated] = useState<{ by: string; revision: number }>();
  /** A save succeeded and nothing was edited since: the bar says "Saved". */
  const [saved, setSaved] = useState(false);
  /** Set just before the editor itself navigates (after creating or deleting). */
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = false;
  }, [id]);
  const onDirty = useCallback((next: boolean) => {
    setDirty(next);
    if (next) {
      setSaved(false);
      setUpdated(undefined);
    }
  }, []);
  const restart = (base: number, baseItem: T | undefined, initial: T | undefined) => {
    setDirty(false);
    setSession((s) => ({ id, key: s.key + 1, base, baseItem, initial, seen: base }));
  };
  // Adjusted while rendering (React's pattern for state that follows props): another item's
  // page starts over; a new revision of this one restarts the form unless it has edits to
  // keep (then `newer` below tells the user).
  if (session.id !== id) {
    setUpdated(undefined);
    restart(revision ?? 0, stored, stored);
  } else if (revision !== undefined && revision !== session.seen) {
    if (!dirty || justSaved) {
      setUpdated(
        justSaved || !resource
          ? undefined
          : { by: resource.updatedBy, revision: resource.revision },
      );
      setJustSaved(false);
      restart(revision, stored, stored);
    } else setSession((s) => ({ ...s, seen: revision }));
  }
  const newer =
    resource && revision !== session.base && !justSaved
      ? { by: resource.updatedBy, revision: resource.revision, deleted: resource.deleted }
      : undefined;

  const save = usePropertyChange(pid, (item: T) => calls.save(pid, session.base, item, isNew));
  const remove = usePropertyChange(pid, (itemId: string) =>
    calls.remove(pid, session.base, itemId),
  );
  const conflict = conflictOf(save.error) ?? conflictOf(remove.error);

  return {
    state,
    isNew,
    /** The URL names an item the property never had (or no longer lists). */
    missing: !isNew && !resource,
    resource,
    newer,
    /** Someone else's newer revision the form took by itself (it had no edits). */
    updated: newer || conflict ? undefined : updated,
    formKey: `${id}:${session.key}`,
    /** Unsaved edits that leaving the page would lose (unless the editor itself navigates). */
    dirty,
    leaving,
    saved,
    conflict:
      conflict &&
      ({
        conflict,
        // The three versions to merge: what my edits started from, mine, and theirs.
        base: session.baseItem,
        mine: (save.variables ?? session.initial) as T,
        onResolve: (next: T) => {
          save.reset();
          remove.reset();
          restart(conflict.currentRevision, (conflict.current ?? undefined) as T | undefined, next);
        },
        onDiscard: () => {
          save.reset();
          remove.reset();
          const theirs = (conflict.current ?? undefined) as T | undefined;
          restart(conflict.currentRevision, theirs, theirs);
        },
      } as const),
    form: {
      initial: session.initial,
      baseline: session.baseItem ?? session.initial,
      onDirty,
      dirty,
      saved,
      revision,
      /** Cancel: the form starts over from the version its edits are based on. */
      onCancel: () => restart(session.base, session.baseItem, session.baseItem),
      problems: itemProblems(
        storedProblemsOf(state),
        isNew || index < 0 ? undefined : `${field}[${index}]`,
        save.error,
        kind,
      ),
      error: conflict ? undefined : (save.error ?? remove.error),
      busy: save.isPending || remove.isPending,
      onSave: (item: T) =>
        save.mutate(item, {
          onSuccess: (next) => {
            if (next.saved && next.saved.revision !== session.base) setJustSaved(true);
            setSaved(true);
            if (isNew && next.saved) {
              leaving.current = true;
              void navigate(`../${encodeURIComponent(next.saved.id)}`, { relative: "path" });
            }
          },
        }),
      onDelete:
        stored && resource
          ? () => {
              const noun = kind === "rule" ? "rule" : "data element";
              // A data element others name by token: say who, before, not as "1 problem" after.
              const users = kind === "rule" ? [] : dataElementUsers(state.document, stored.name);
              const request = {
                title: `Delete the ${noun} “${stored.name}”?`,
                body: users.length
                  ? `It is used by ${describeUsers(users)}: their %${stored.name}% would reach pages as that text. It leaves the next builds. You can undo it until the next production publish.`
                  : "It leaves the next builds. You can undo it until the next production publish.",
                confirm: users.length ? `Delete anyway` : `Delete ${noun}`,
                danger: true,
              };
              void confirm(request).then(
                (ok) =>
                  ok &&
                  remove.mutate(stored.id, {
                    onSuccess: () => {
                      leaving.current = true;
                      void navigate("..", { relative: "path" });
                    },
                  }),
              );
            }
          : undefined,
    },
  };
}
