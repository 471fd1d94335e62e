import { useQuery } from "@tanstack/react-query";
import { useApi } from "../session/SessionContext.tsx";
import { rangeToQuery, type ReportScope } from "./reportCatalog.ts";

/** One report over a scope; the page and its cards share the answer through the query key. */
export function useReport(name: string, scope: ReportScope) {
  const api = useApi();
  const { propertyId, environmentId, from, to } = scope;
  return useQuery({
    queryKey: ["report", name, propertyId, environmentId, from, to],
    queryFn: () =>
      api.report(name, {
        propertyId,
        environmentId: environmentId || undefined,
        ...rangeToQuery(from, to),
      }),
  });
}
