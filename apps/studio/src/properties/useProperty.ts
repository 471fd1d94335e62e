import type { ItemState, PropertyState, ResourceInfo, ResourceKind } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/ApiError.ts";
import type { StudioApi } from "../api/createStudioApi.ts";
import { useApi } from "../session/SessionContext.tsx";
import { isItemAnswer, mergeItemSaved } from "./mergeItemSaved.ts";

export const propertyKey = (pid: string) => ["property", pid] as const;

export function useProperty(pid: string) {
  const api = useApi();
  return useQuery({ queryKey: propertyKey(pid), queryFn: () => api.properties.get(pid) });
}

/** One resource's standing in a property state (revision, who changed it, deleted…). */
export function resourceOf(
  state: PropertyState,
  kind: ResourceKind,
  id: string,
): ResourceInfo | undefined {
  return state.resources.find((r) => r.kind === kind && r.id === id);
}

const indexed = new WeakMap<PropertyState, Map<string, ResourceInfo>>();

/** resourceOf in one lookup: the state's resources by kind and id, built once per state. */
export function resourceIndex(
  state: PropertyState,
): (kind: ResourceKind, id: string) => ResourceInfo | undefined {
  let byKey = indexed.get(state);
  if (!byKey) {
    byKey = new Map(state.resources.map((r) => [`${r.kind}:${r.id}`, r]));
    indexed.set(state, byKey);
  }
  const map = byKey;
  return (kind, id) => map.get(`${kind}:${id}`);
}

/**
 * Merges the answers of one change (a save's ItemSaved, or the items a colleague's save wrote,
 * read as ItemState at that revision) into the cached property. The merged state is whole
 * only when the answers are the very next revision: otherwise other saves came in between (a
 * colleague's, not yet followed), so the property is reloaded behind the merge. Either way
 * the property-wide findings follow from `/validation` in the background.
 */
export function applyItemAnswers(
  queryClient: QueryClient,
  api: StudioApi,
  pid: string,
  answers: readonly ItemState[],
): void {
  const cached = queryClient.getQueryData<PropertyState>(propertyKey(pid));
  const revision = answers[0]?.revision;
  if (!cached || revision === undefined) {
    void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
    return;
  }
  // Removals first, then the rest by their index in the new list: each item then lands where
  // the items before it already stand (the indexes are those of the answers' revision).
  const ordered = [...answers].sort(
    (a, b) => Number(a.item !== null) - Number(b.item !== null) || a.index - b.index,
  );
  queryClient.setQueryData(propertyKey(pid), ordered.reduce(mergeItemSaved, cached));
  if (revision !== cached.revision + 1)
    void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
  else refreshFindings(queryClient, api, pid);
}

/**
 * Replaces the cached property's findings with the server's for the same revision (checks
 * that span items: a rule naming a data element just disabled, shared variables). A newer
 * cached revision keeps its own (its next refresh brings them); a failure keeps what is
 * there, since the save itself already landed.
 */
export function refreshFindings(queryClient: QueryClient, api: StudioApi, pid: string): void {
  api.properties.validation(pid).then(
    (found) =>
      queryClient.setQueryData<PropertyState>(propertyKey(pid), (state) =>
        state && state.revision === found.revision
          ? {
              ...state,
              problems: found.problems,
              disabledProblems: found.disabledProblems,
              warnings: found.warnings,
            }
          : state,
      ),
    () => undefined,
  );
}

/**
 * A change to a property. Each call sends the revision of the resource it edits (the caller
 * knows which). On success a change of one rule or data element answers only that item
 * (ItemSaved), merged into the cached property (applyItemAnswers); other changes answer the
 * whole PropertyState, which replaces it. On a 409 the property is reloaded so the lists are
 * current (the error stays on the mutation, so the form can show what happened without
 * losing the edits).
 */
export function usePropertyChange<Args, Answer extends PropertyState | ItemState>(
  pid: string,
  change: (args: Args) => Promise<Answer>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      if (isItemAnswer(answer)) applyItemAnswers(queryClient, api, pid, [answer]);
      else queryClient.setQueryData(propertyKey(pid), answer);
      void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isConflict)
        void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
    },
  });
}
