import { useQueries } from "@tanstack/react-query";
import { propertyKey } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import type { AuditKnown } from "./auditTarget.ts";
import { librariesKey } from "./LibrariesPage.tsx";

/**
 * Each listed property's state and libraries, to name audit targets. A property the user
 * cannot read (or that is gone) stays unknown: its targets show as recorded.
 */
export function useAuditKnown(pids: string[]): Map<string, AuditKnown> {
  const api = useApi();
  const states = useQueries({
    queries: pids.map((pid) => ({
      queryKey: propertyKey(pid),
      queryFn: () => api.properties.get(pid),
      retry: false,
    })),
  });
  const libraries = useQueries({
    queries: pids.map((pid) => ({
      queryKey: librariesKey(pid),
      queryFn: () => api.libraries.list(pid),
      retry: false,
    })),
  });
  const known = new Map<string, AuditKnown>();
  pids.forEach((pid, i) => {
    const state = states[i]?.data;
    const list = libraries[i]?.data;
    if (state && list) known.set(pid, { state, libraries: list });
  });
  return known;
}
