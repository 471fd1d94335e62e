import type { EnvironmentInfo, LibraryInfo, LibraryState } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import LibrarySteps from "./LibrarySteps.tsx";

export const librariesKey = (pid: string) => ["property-derived", pid, "libraries"] as const;
export const environmentsKey = (pid: string) => ["property-derived", pid, "environments"] as const;

const LANES: Array<{ title: string; help: string; states: LibraryState[] }> = [
  {
    title: "Development",
    help: "Builds the latest revision of its resources to its development environment.",
    states: ["development", "rejected"],
  },
  {
    title: "Staging",
    help: "Submitted: its revisions are pinned, built to staging, waiting for approval.",
    states: ["submitted", "approved"],
  },
  {
    title: "Published",
    help: "Production serves the live one; republishing an older one rolls back.",
    states: ["published"],
  },
];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The publishing flow, Launch-style: libraries by where they are, newest first. */
export default function LibrariesPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const libraries = useQuery({
    queryKey: librariesKey(pid),
    queryFn: () => api.libraries.list(pid),
  });
  const environments = useQuery({
    queryKey: environmentsKey(pid),
    queryFn: () => api.properties.environments(pid),
  });
  const envName = (id?: string) =>
    id ? (environments.data?.find((e) => e.id === id)?.name ?? id) : "no environment";
  const all = libraries.data ?? [];
  return (
    <>
      <h1>Publishing</h1>
      {useCan("editor") && (
        // The form waits for the environments: before them it would offer "None for now"
        // and create a library that cannot be built until one is given.
        <QueryState query={environments}>
          <NewLibrary pid={pid} environments={environments.data!} />
        </QueryState>
      )}
      <QueryState query={libraries}>
        <div className="lanes">
          {LANES.map((lane) => {
            const shown = all.filter((l) => lane.states.includes(l.state));
            return (
              <section key={lane.title} className="lane" aria-label={lane.title}>
                <h2>{lane.title}</h2>
                <p className="muted">{lane.help}</p>
                {shown.length === 0 && <p className="muted">No library here.</p>}
                {shown.map((library) => (
                  <LibraryCard key={library.id} pid={pid} library={library} envName={envName} />
                ))}
              </section>
            );
          })}
        </div>
      </QueryState>
    </>
  );
}

function LibraryCard({
  pid,
  library,
  envName,
}: {
  pid: string;
  library: LibraryInfo;
  envName: (id?: string) => string;
}) {
  const last = library.builds[library.builds.length - 1];
  return (
    <article className="card library" aria-label={library.name}>
      <h3>
        <Link to={encodeURIComponent(library.id)}>{library.name}</Link>{" "}
        <span className={`state state-${library.state}`}>{library.state}</span>
        {library.live && <span className="badge">live</span>}
      </h3>
      <p className="muted">
        {library.resources.length} resource{library.resources.length === 1 ? "" : "s"}
        {library.state === "development" || library.state === "rejected"
          ? ` · ${envName(library.environmentId)}`
          : ""}{" "}
        · by {library.createdBy}
        {library.submittedBy && ` · submitted by ${library.submittedBy}`}
      </p>
      <p className="muted">
        {last
          ? `Last build: ${last.stage}, ${new Date(last.at).toLocaleString()}, ${kb(last.gzipBytes)} gzip`
          : "Not built yet"}
      </p>
      <LibrarySteps pid={pid} library={library} />
    </article>
  );
}

function NewLibrary({ pid, environments }: { pid: string; environments: EnvironmentInfo[] }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useProperty(pid).data!;
  // Only development environments no other library holds.
  const free = environments.filter((e) => e.stage === "development" && !e.heldBy);
  const changed = state.resources.filter(
    (r) => r.changed && (r.kind === "rule" || r.kind === "dataElement" || r.kind === "extension"),
  ).length;
  const [name, setName] = useState("");
  const [environmentId, setEnvironmentId] = useState<string>();
  const [addAllChanged, setAddAllChanged] = useState(true);
  const chosen = environmentId ?? free[0]?.id ?? "";
  const create = useMutation({
    mutationFn: () =>
      api.libraries.create(pid, {
        name,
        ...(chosen ? { environmentId: chosen } : {}),
        addAllChanged,
      }),
    onSuccess: (library) => {
      void queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
      void navigate(encodeURIComponent(library.id));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card inline-form" onSubmit={submit} aria-label="New library">
      <h2>New library</h2>
      <label>
        Name
        <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Development environment
        <select value={chosen} onChange={(e) => setEnvironmentId(e.target.value)}>
          {free.map((env) => (
            <option key={env.id} value={env.id}>
              {env.name}
            </option>
          ))}
          <option value="">None for now</option>
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={addAllChanged}
          onChange={(e) => setAddAllChanged(e.target.checked)}
        />
        Add all changed resources ({changed})
      </label>
      <button type="submit" disabled={create.isPending}>
        Create library
      </button>
      {free.length === 0 && (
        <p className="muted">
          Every development environment holds a library; this one can take one later.
        </p>
      )}
      <MutationError error={create.error} />
    </form>
  );
}
