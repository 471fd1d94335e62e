import type { DatastreamInfo } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import { DATASTREAMS_KEY } from "../publishing/AllowedOrigins.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";

/**
 * Which event forwarding property (and which of its environments) runs its rules for the
 * events of this datastream. Admins link and unlink; everyone sees the link.
 */
export default function DatastreamForwarding({ datastream }: { datastream: DatastreamInfo }) {
  const api = useApi();
  const isAdmin = useCan("admin");
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const properties = useQuery({ queryKey: ["properties"], queryFn: api.properties.list });
  const link = datastream.forwarding;
  const linkedName = link && properties.data?.find((p) => p.id === link.propertyId)?.name;
  const linkedEnvironments = useQuery({
    queryKey: ["property-derived", link?.propertyId ?? "", "environments"],
    queryFn: () => api.properties.environments(link!.propertyId),
    enabled: link !== undefined,
  });
  const linkedEnvName =
    link && linkedEnvironments.data?.find((e) => e.id === link.environmentId)?.name;
  const save = useMutation({
    mutationFn: (next: { propertyId: string; environmentId: string } | null) =>
      api.datastreams.setForwarding(datastream.id, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATASTREAMS_KEY }),
  });
  const unlink = () =>
    void confirm({
      title: `Stop forwarding the events of ${datastream.id}?`,
      body: (
        <p>
          Events this datastream receives from now on are no longer sent on by{" "}
          {linkedName ?? "the event forwarding property"}. Deliveries already queued still go.
        </p>
      ),
      confirm: "Unlink",
      danger: true,
    }).then((ok) => ok && save.mutate(null));
  return (
    <div className="datastream-forwarding">
      <h3>Event forwarding</h3>
      {link ? (
        <p>
          Its events are sent on by{" "}
          <Link to={`/properties/${encodeURIComponent(link.propertyId)}/deliveries`}>
            {linkedName ?? link.propertyId}
          </Link>{" "}
          ({linkedEnvName ?? link.environmentId}).
          {isAdmin && (
            <>
              {" "}
              <button
                type="button"
                className="link"
                aria-label={`Unlink ${datastream.id} from event forwarding`}
                disabled={save.isPending}
                onClick={unlink}
              >
                Unlink
              </button>
            </>
          )}
        </p>
      ) : (
        <p className="muted">Not forwarded: no server-side rules run for its events.</p>
      )}
      {isAdmin && (
        <LinkForm
          datastream={datastream}
          pending={save.isPending}
          onLink={(next) => save.mutate(next)}
        />
      )}
      <MutationError error={save.error} />
    </div>
  );
}

/** Picks an edge property, then one of its environments (the one of the same stage first). */
function LinkForm({
  datastream,
  pending,
  onLink,
}: {
  datastream: DatastreamInfo;
  pending: boolean;
  onLink: (link: { propertyId: string; environmentId: string }) => void;
}) {
  const api = useApi();
  const properties = useQuery({ queryKey: ["properties"], queryFn: api.properties.list });
  // The linked property is one, whatever the list says of it.
  const edge = (properties.data ?? []).filter(
    (p) => p.platform === "edge" || p.id === datastream.forwarding?.propertyId,
  );
  const [propertyId, setPropertyId] = useState("");
  const [environmentId, setEnvironmentId] = useState("");
  const environments = useQuery({
    queryKey: ["property-derived", propertyId, "environments"],
    queryFn: () => api.properties.environments(propertyId),
    enabled: propertyId !== "",
  });
  // Development events go to the development library, and so on, unless chosen otherwise.
  const sameStage = environments.data?.find((e) => e.stage === datastream.stage)?.id ?? "";
  const chosenEnvironment = environmentId || sameStage;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (propertyId && chosenEnvironment) onLink({ propertyId, environmentId: chosenEnvironment });
  };
  if (properties.isSuccess && edge.length === 0)
    return (
      <p className="hint">
        No event forwarding property yet: create one on the Properties page to link this datastream
        to it.
      </p>
    );
  const id = `forwarding-${datastream.id}`;
  return (
    <form className="inline-form" onSubmit={submit} aria-label={`Forward ${datastream.id}`}>
      <label htmlFor={`${id}-property`}>
        Event forwarding property
        <select
          id={`${id}-property`}
          required
          value={propertyId}
          onChange={(e) => {
            setPropertyId(e.target.value);
            setEnvironmentId("");
          }}
        >
          <option value="">Choose…</option>
          {edge.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-environment`}>
        Its environment
        <select
          id={`${id}-environment`}
          required
          disabled={!environments.data}
          value={chosenEnvironment}
          onChange={(e) => setEnvironmentId(e.target.value)}
        >
          <option value="">Choose…</option>
          {(environments.data ?? []).map((env) => (
            <option key={env.id} value={env.id}>
              {env.name} ({env.stage})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={pending || !propertyId || !chosenEnvironment}>
        {datastream.forwarding ? "Change link" : "Link"}
      </button>
    </form>
  );
}
