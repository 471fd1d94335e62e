import type { PropertyEnvironment, SecretInfo } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { forwardingKeys } from "./forwardingKeys.ts";

/**
 * Secrets per environment: names, who set each and when. A value is write-only: typed into a
 * password field, sent once, and never asked for or shown again (the API has no way to read
 * one). Editors set, replace and delete them.
 */
export default function SecretsSection({
  pid,
  environments,
}: {
  pid: string;
  environments: readonly PropertyEnvironment[];
}) {
  const api = useApi();
  const secrets = useQuery({
    queryKey: forwardingKeys.secrets(pid),
    queryFn: () => api.forwarding.secrets(pid),
  });
  return (
    <section aria-labelledby="secrets-heading">
      <h2 id="secrets-heading">Secrets</h2>
      <p className="hint">
        Access tokens and API secrets for your destinations. A rule reads one through a Secret data
        element; requests carry its value only when they are sent, and the studio never shows it.
      </p>
      <QueryState query={secrets}>
        {secrets.data?.sealing === "off" && (
          <p className="warn" role="note">
            Secrets are off on this server: it has no key to encrypt them with. An operator sets{" "}
            <code>LIFTOFF_SECRET_KEYS</code> (docs/event-forwarding.md, Secrets).
          </p>
        )}
        {environments.map((env) => (
          <EnvironmentSecrets
            key={env.id}
            pid={pid}
            environment={env}
            secrets={(secrets.data?.secrets ?? []).filter((s) => s.environmentId === env.id)}
            sealing={secrets.data?.sealing !== "off"}
          />
        ))}
      </QueryState>
    </section>
  );
}

function EnvironmentSecrets({
  pid,
  environment: env,
  secrets,
  sealing,
}: {
  pid: string;
  environment: PropertyEnvironment;
  secrets: readonly SecretInfo[];
  /** False when the server cannot encrypt secrets: none can be set. */
  sealing: boolean;
}) {
  const api = useApi();
  const canEdit = useCan("editor");
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const valueField = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: forwardingKeys.secrets(pid) });
  const save = useMutation({
    mutationFn: () => api.forwarding.setSecret(pid, env.id, name.trim(), value),
    onSuccess: (info) => {
      // The value leaves the page with the request: nothing keeps it.
      setValue("");
      setName("");
      setSaved(`Secret “${info.name}” saved.`);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (secret: string) => api.forwarding.removeSecret(pid, env.id, secret),
    onSuccess: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    save.mutate();
  };
  const id = `secret-${env.id}`;
  return (
    <div className="card" role="group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        {env.name} <span className="badge">{env.stage}</span>
      </h3>
      {secrets.length === 0 ? (
        <p className="muted">No secrets in this environment.</p>
      ) : (
        <table className="secrets stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Last set</th>
              {canEdit && (
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {secrets.map((s) => (
              <tr key={s.name}>
                <td data-label="Name">
                  <code>{s.name}</code>
                </td>
                <td data-label="Last set">
                  {new Date(s.updatedAt).toLocaleString()} by {s.updatedBy}
                </td>
                {canEdit && (
                  <td className="row-actions">
                    {sealing && (
                      <button
                        type="button"
                        className="link"
                        aria-label={`Replace ${s.name} in ${env.name}`}
                        onClick={() => {
                          setName(s.name);
                          setSaved(null);
                          valueField.current?.focus();
                        }}
                      >
                        Replace
                      </button>
                    )}
                    <button
                      type="button"
                      className="link danger"
                      aria-label={`Delete ${s.name} from ${env.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        void confirm({
                          title: `Delete the secret “${s.name}” from ${env.name}?`,
                          body: (
                            <p>
                              Rules that read it in this environment fail to send until it is set
                              again. Its value cannot be recovered.
                            </p>
                          ),
                          confirm: "Delete secret",
                          danger: true,
                        }).then((ok) => ok && remove.mutate(s.name))
                      }
                    >
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <MutationError error={remove.error} />
      {canEdit && sealing && (
        <form className="inline-form" onSubmit={submit} aria-label={`Set a secret in ${env.name}`}>
          <label htmlFor={`${id}-name`}>
            Name
            <input
              id={`${id}-name`}
              required
              autoComplete="off"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label htmlFor={`${id}-value`}>
            Value
            <input
              id={`${id}-value`}
              ref={valueField}
              type="password"
              required
              // Browsers must neither fill in nor offer to save it: it is not a sign-in.
              autoComplete="new-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <button type="submit" disabled={save.isPending}>
            {secrets.some((s) => s.name === name.trim()) ? "Replace secret" : "Set secret"}
          </button>
          <p role="status" className="muted">
            {saved}
          </p>
        </form>
      )}
      <MutationError error={save.error} />
    </div>
  );
}
