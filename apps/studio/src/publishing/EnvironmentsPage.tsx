import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import QueryState from "../layout/QueryState.tsx";
import { useApi } from "../session/SessionContext.tsx";
import CopyButton from "./CopyButton.tsx";

/** Environments with what they serve and their embed codes, ready to copy. */
export default function EnvironmentsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const environments = useQuery({
    queryKey: ["property-derived", pid, "environments"],
    queryFn: () => api.properties.environments(pid),
  });
  return (
    <>
      <h1>Environments</h1>
      <QueryState query={environments}>
        {environments.data?.map((env) => (
          <section key={env.id} className="card" aria-labelledby={`env-${env.id}`}>
            <h2 id={`env-${env.id}`}>
              {env.name} <span className="badge">{env.stage}</span>
            </h2>
            <p className="muted">
              {env.libraryId
                ? `Serving library ${env.libraryId}${env.builtAt ? `, built ${new Date(env.builtAt).toLocaleString()}` : ""}`
                : "Nothing built here yet."}
            </p>
            <label htmlFor={`embed-${env.id}`}>Embed code</label>
            <textarea
              id={`embed-${env.id}`}
              className="embed"
              readOnly
              value={env.embedCode}
              rows={2}
            />
            <CopyButton text={env.embedCode} label={`${env.name} embed code`} />
          </section>
        ))}
      </QueryState>
    </>
  );
}
