import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { DATASTREAMS_KEY } from "../publishing/AllowedOrigins.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import OutboundHosts from "./OutboundHosts.tsx";
import SecretsSection from "./SecretsSection.tsx";

/**
 * An event forwarding property's own settings: the hosts its rules may send to, its secrets
 * per environment, and the datastreams whose events it receives (linked from the web
 * property's Environments page).
 */
export default function ForwardingSettingsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  return (
    <>
      <h1>Forwarding settings</h1>
      <LinkedDatastreams pid={pid} />
      <OutboundHosts pid={pid} />
      <SecretsSection pid={pid} environments={state.document.environments} />
    </>
  );
}

function LinkedDatastreams({ pid }: { pid: string }) {
  const api = useApi();
  const state = useProperty(pid).data!;
  const datastreams = useQuery({ queryKey: DATASTREAMS_KEY, queryFn: api.datastreams.list });
  const properties = useQuery({ queryKey: ["properties"], queryFn: api.properties.list });
  const linked = (datastreams.data ?? []).filter((d) => d.forwarding?.propertyId === pid);
  const envName = (id: string) => state.document.environments.find((e) => e.id === id)?.name ?? id;
  const propertyName = (id: string) => properties.data?.find((p) => p.id === id)?.name ?? id;
  return (
    <section aria-labelledby="linked-heading">
      <h2 id="linked-heading">Datastreams sending here</h2>
      {datastreams.isPending ? null : linked.length === 0 ? (
        <p className="muted">
          None yet: an admin links a web property&apos;s datastream to this property on that
          property&apos;s Environments page.
        </p>
      ) : (
        <ul className="plain">
          {linked.map((d) => (
            <li key={d.id}>
              <code>{d.id}</code> ({d.stage}) of{" "}
              <Link to={`/properties/${encodeURIComponent(d.propertyId)}/environments`}>
                {propertyName(d.propertyId)}
              </Link>{" "}
              → {envName(d.forwarding!.environmentId)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
