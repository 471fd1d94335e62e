import type { PropertyState, ResourceInfo, ResourceKind } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/ApiError.ts";
import { useApi } from "../session/SessionContext.tsx";

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

/**
 * A change to a property that answers the new PropertyState. Each call sends the revision
 * of the resource it edits (the caller knows which); on success the answer replaces the
 * cached property, on a 409 the property is reloaded so the lists are current (the error
 * stays on the mutation, so the form can show what happened without losing the edits).
 */
export function usePropertyChange<Args>(
  pid: string,
  change: (args: Args) => Promise<PropertyState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => {
      queryClient.setQueryData(propertyKey(pid), state);
      void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isConflict)
        void queryClient.invalidateQueries({ queryKey: propertyKey(pid) });
    },
  });
}
