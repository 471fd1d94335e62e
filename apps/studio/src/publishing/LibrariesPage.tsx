import type { LibraryInfo } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import type { LibraryAction } from "../api/createStudioApi.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { hasRole } from "../session/roles.ts";
import { useCan } from "../session/Can.tsx";
import { useApi, useRole } from "../session/SessionContext.tsx";
import { libraryActions } from "./libraryActions.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Libraries of a property and the publishing flow, newest first. */
export default function LibrariesPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const role = useRole();
  const queryClient = useQueryClient();
  const libraries = useQuery({
    queryKey: ["property-derived", pid, "libraries"],
    queryFn: () => api.libraries.list(pid),
  });
  const environments = useQuery({
    queryKey: ["property-derived", pid, "environments"],
    queryFn: () => api.properties.environments(pid),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: LibraryAction }) =>
      api.libraries.act(pid, id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["property-derived", pid] }),
  });
  const envName = (id: string) => environments.data?.find((e) => e.id === id)?.name ?? id;
  // "Live" means served in production: the library a rollback would replace.
  const liveId = environments.data?.find((e) => e.stage === "production")?.libraryId;
  const sorted = [...(libraries.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <>
      <h1>Publishing</h1>
      {useCan("editor") && <NewLibrary pid={pid} />}
      <MutationError error={act.error} />
      {act.isSuccess && (
        <p role="status">
          {act.data.name}: {act.data.state}
        </p>
      )}
      <QueryState query={libraries}>
        <table>
          <thead>
            <tr>
              <th scope="col">Library</th>
              <th scope="col">Revision</th>
              <th scope="col">State</th>
              <th scope="col">Last build</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((library) => (
              <LibraryRow
                key={library.id}
                library={library}
                live={library.id === liveId}
                envName={envName}
                busy={act.isPending}
                allowed={(needed) => hasRole(role, needed)}
                onAct={(action) => act.mutate({ id: library.id, action })}
              />
            ))}
          </tbody>
        </table>
        {sorted.length === 0 && <p className="muted">No libraries yet.</p>}
      </QueryState>
    </>
  );
}

function LibraryRow({
  library,
  live,
  envName,
  busy,
  allowed,
  onAct,
}: {
  library: LibraryInfo;
  live: boolean;
  envName: (id: string) => string;
  busy: boolean;
  allowed: (role: Parameters<typeof hasRole>[1]) => boolean;
  onAct: (action: LibraryAction) => void;
}) {
  const last = library.builds[library.builds.length - 1];
  const offers = libraryActions(library, live).filter((o) => allowed(o.role));
  return (
    <tr>
      <th scope="row">
        {library.name}
        <div className="muted">
          {envName(library.environmentId)} · by {library.createdBy}
        </div>
      </th>
      <td>{library.revision}</td>
      <td>
        <span className={`state state-${library.state}`}>{library.state}</span>
        {live && <span className="badge">live</span>}
      </td>
      <td>
        {last ? (
          <>
            {last.stage}, {new Date(last.at).toLocaleString()}
            <div className="muted">
              {kb(last.bytes)} ({kb(last.gzipBytes)} gzip) in {last.durationMs} ms
            </div>
          </>
        ) : (
          "not built"
        )}
      </td>
      <td>
        <div className="row-actions">
          {offers.map((o) => (
            <button
              key={o.action}
              type="button"
              aria-label={`${o.label}: ${library.name}`}
              disabled={busy}
              onClick={() => onAct(o.action)}
            >
              {o.label}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

function NewLibrary({ pid }: { pid: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = useProperty(pid).data!;
  const developmentEnvs = state.document.environments.filter((e) => e.stage === "development");
  const [name, setName] = useState("");
  const [environmentId, setEnvironmentId] = useState(developmentEnvs[0]?.id ?? "");
  const create = useMutation({
    mutationFn: () => api.libraries.create(pid, { name, environmentId, revision: state.revision }),
    onSuccess: () => {
      setName("");
      void queryClient.invalidateQueries({ queryKey: ["property-derived", pid, "libraries"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card inline-form" onSubmit={submit}>
      <h2>New library from revision {state.revision}</h2>
      <label>
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Development environment
        <select value={environmentId} onChange={(e) => setEnvironmentId(e.target.value)} required>
          {developmentEnvs.map((env) => (
            <option key={env.id} value={env.id}>
              {env.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={create.isPending}>
        Create library
      </button>
      <MutationError error={create.error} />
    </form>
  );
}
