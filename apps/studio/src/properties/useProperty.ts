import type { PropertyState } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/ApiError.ts";
import { useApi } from "../session/SessionContext.tsx";

export const propertyKey = (pid: string) => ["property", pid] as const;

export function useProperty(pid: string) {
  const api = useApi();
  return useQuery({ queryKey: propertyKey(pid), queryFn: () => api.properties.get(pid) });
}

/**
 * A change to a property. The revision sent is the one the studio last loaded; on 409 the
 * property is reloaded (the error stays on the mutation, so the form can say what happened).
 */
export function usePropertyChange<Args>(
  pid: string,
  change: (revision: number, args: Args) => Promise<PropertyState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => {
      const current = queryClient.getQueryData<PropertyState>(propertyKey(pid));
      if (!current) throw new Error("The property is not loaded yet.");
      return change(current.revision, args);
    },
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
