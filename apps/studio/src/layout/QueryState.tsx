import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** Loading and error states of a query, so pages only render once data is there. */
export default function QueryState({
  query,
  children,
}: {
  query: Pick<UseQueryResult, "isPending" | "error">;
  children: ReactNode;
}) {
  if (query.error)
    return (
      <p role="alert" className="error">
        Could not load: {query.error.message}
      </p>
    );
  if (query.isPending)
    return (
      <p role="status" className="loading">
        Loading…
      </p>
    );
  return children;
}
