import type { PropertyState } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import DatastreamForwarding from "../forwarding/DatastreamForwarding.tsx";
import QueryState from "../layout/QueryState.tsx";
import { usePlatform } from "../properties/platform.ts";
import { propertyKey, resourceOf } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import AllowedOrigins, { DATASTREAMS_KEY } from "./AllowedOrigins.tsx";
import CopyButton from "./CopyButton.tsx";

/**
 * Environments with what they serve, their embed codes ready to copy, and the datastream each
 * sends to with the page origins it accepts. Admins add and remove development environments
 * (staging and production are one each, for good) and edit the allowed origins.
 */
export default function EnvironmentsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  // A web property's datastreams may be forwarded by an event forwarding property.
  const isWeb = usePlatform() === "web";
  const environments = useQuery({
    queryKey: ["property-derived", pid, "environments"],
    queryFn: () => api.properties.environments(pid),
  });
  const datastreams = useQuery({ queryKey: DATASTREAMS_KEY, queryFn: api.datastreams.list });
  const datastreamOf = (environmentId: string) =>
    datastreams.data?.find((d) => d.propertyId === pid && d.environmentId === environmentId);
  // An event forwarding property's environment runs for the web datastreams linked to it.
  const forwardedTo = (environmentId: string) =>
    (datastreams.data ?? []).filter(
      (d) => d.forwarding?.propertyId === pid && d.forwarding.environmentId === environmentId,
    );
  // Each environment is a resource with its own revision; removing one is based on it.
  const revisionOf = (id: string) => {
    const state = queryClient.getQueryData<PropertyState>(propertyKey(pid));
    return (state && resourceOf(state, "environment", id)?.revision) ?? 0;
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: propertyKey(pid) }),
      queryClient.invalidateQueries({ queryKey: ["property-derived", pid] }),
    ]);
  const remove = useMutation({
    mutationFn: (id: string) => api.properties.removeEnvironment(pid, revisionOf(id), id),
    onSettled: refresh,
  });
  return (
    <>
      <h1>Environments</h1>
      <MutationError error={remove.error} />
      <QueryState query={environments}>
        {environments.data?.map((env) => (
          <section key={env.id} className="card" aria-labelledby={`env-${env.id}`}>
            <h2 id={`env-${env.id}`}>
              {env.name} <span className="badge">{env.stage}</span>
            </h2>
            <dl className="facts">
              <dt>Serves</dt>
              <dd>
                {env.libraryId ? (
                  <>
                    {env.libraryName ? (
                      <Link to={`../libraries/${encodeURIComponent(env.libraryId)}`}>
                        {env.libraryName}
                      </Link>
                    ) : (
                      "A library since deleted"
                    )}
                    {env.builtAt && `, built ${new Date(env.builtAt).toLocaleString()}`}
                  </>
                ) : (
                  "Nothing built here yet."
                )}
              </dd>
              {env.stage !== "production" && (
                <>
                  <dt>Held by</dt>
                  <dd>
                    {env.heldBy ? (
                      <>
                        <Link to={`../libraries/${encodeURIComponent(env.heldBy.id)}`}>
                          {env.heldBy.name}
                        </Link>{" "}
                        ({env.heldBy.state})
                      </>
                    ) : env.stage === "development" ? (
                      "No library: free for the next one"
                    ) : (
                      "No library waiting for approval"
                    )}
                  </dd>
                </>
              )}
              <dt>Cache-Control</dt>
              <dd>
                <code>{env.cacheControl}</code>
              </dd>
              {isWeb ? (
                <>
                  <dt>Datastream</dt>
                  <dd>
                    {datastreamOf(env.id) ? (
                      <code>{datastreamOf(env.id)!.id}</code>
                    ) : (
                      "None yet: one is created with the environment's next save."
                    )}
                  </dd>
                </>
              ) : (
                <>
                  <dt>Events from</dt>
                  <dd>
                    {forwardedTo(env.id).length > 0
                      ? forwardedTo(env.id).map((d, i) => (
                          <span key={d.id}>
                            {i > 0 && ", "}
                            <code>{d.id}</code>
                          </span>
                        ))
                      : "No datastream: an admin links one on a web property's Environments page."}
                  </dd>
                </>
              )}
            </dl>
            {/* An event forwarding library runs on the server: no page loads it. */}
            {isWeb && (
              <>
                <label htmlFor={`embed-${env.id}`}>Embed code</label>
                <textarea
                  id={`embed-${env.id}`}
                  className="embed"
                  readOnly
                  value={env.embedCode}
                  rows={2}
                />
              </>
            )}
            <div className="actions">
              {isWeb && <CopyButton text={env.embedCode} label={`${env.name} embed code`} />}
              {isAdmin && env.stage === "development" && (
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove environment ${env.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    void confirm({
                      title: `Remove the ${env.name} environment?`,
                      body: (
                        <p>
                          Its embed code stops working: pages that load it get nothing from Liftoff.
                          Its datastream goes with it.
                        </p>
                      ),
                      confirm: "Remove environment",
                      danger: true,
                    }).then((ok) => ok && remove.mutate(env.id))
                  }
                >
                  Remove
                </button>
              )}
            </div>
            {datastreamOf(env.id) && <AllowedOrigins datastream={datastreamOf(env.id)!} />}
            {isWeb && datastreamOf(env.id) && (
              <DatastreamForwarding datastream={datastreamOf(env.id)!} />
            )}
          </section>
        ))}
      </QueryState>
      {isAdmin && <NewEnvironment pid={pid} onAdded={refresh} />}
    </>
  );
}

function NewEnvironment({ pid, onAdded }: { pid: string; onAdded: () => Promise<unknown> }) {
  const api = useApi();
  const [name, setName] = useState("");
  const add = useMutation({
    mutationFn: () => api.properties.addEnvironment(pid, name),
    onSuccess: () => {
      setName("");
      return onAdded();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <form className="card inline-form" onSubmit={submit}>
      <h2>New development environment</h2>
      <div className="field">
        <label htmlFor="new-env-name">Name</label>
        <input id="new-env-name" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="submit" disabled={add.isPending}>
        Add environment
      </button>
      <MutationError error={add.error} />
    </form>
  );
}
