import type { LibraryInfo, LibraryResourceKind, ResourceInfo } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { environmentsKey, kb } from "./LibrariesPage.tsx";
import LibrarySteps from "./LibrarySteps.tsx";

const KIND: Record<LibraryResourceKind, string> = {
  rule: "Rule",
  dataElement: "Data element",
  extension: "Extension",
};

const isLibraryKind = (kind: string): kind is LibraryResourceKind =>
  kind === "rule" || kind === "dataElement" || kind === "extension";

/** Where a resource is edited. */
function editorPath(kind: LibraryResourceKind, id: string): string {
  if (kind === "rule") return `../../rules/${encodeURIComponent(id)}`;
  if (kind === "dataElement") return `../../data-elements/${encodeURIComponent(id)}`;
  return "../../extensions";
}

/**
 * One library: its resources (latest revisions while in development, pinned once
 * submitted), adding and removing them, its development environment, the flow's steps and
 * every build.
 */
export default function LibraryPage() {
  const { pid = "", lid = "" } = useParams();
  const api = useApi();
  const library = useQuery({
    queryKey: ["property-derived", pid, "library", lid],
    queryFn: () => api.libraries.get(pid, lid),
  });
  return (
    <QueryState query={library}>
      {library.data && <LibraryView pid={pid} library={library.data} />}
    </QueryState>
  );
}

function LibraryView({ pid, library }: { pid: string; library: LibraryInfo }) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan("editor");
  const confirm = useConfirm();
  const editable = canEdit && (library.state === "development" || library.state === "rejected");
  const environments = useQuery({
    queryKey: environmentsKey(pid),
    queryFn: () => api.properties.environments(pid),
  });
  const settle = () => queryClient.invalidateQueries({ queryKey: ["property-derived", pid] });
  const update = useMutation({
    mutationFn: (body: { name?: string; environmentId?: string | null }) =>
      api.libraries.update(pid, library.id, body),
    onSettled: settle,
  });
  const removeResource = useMutation({
    mutationFn: (r: { kind: LibraryResourceKind; id: string }) =>
      api.libraries.removeResource(pid, library.id, r.kind, r.id),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: () => api.libraries.remove(pid, library.id),
    onSuccess: () => void navigate(".."),
    onSettled: settle,
  });
  const devEnvs = (environments.data ?? []).filter(
    (e) => e.stage === "development" && (!e.heldBy || e.heldBy.id === library.id),
  );
  const pinned = library.state !== "development" && library.state !== "rejected";

  return (
    <div className="library-page">
      <p>
        <Link to=".." relative="path">
          ← Publishing
        </Link>
      </p>
      <h1>{library.name}</h1>
      <p>
        <span className={`state state-${library.state}`}>{library.state}</span>
        {library.live && <span className="badge">live in production</span>}
      </p>
      {canEdit && library.state === "development" && (
        <p>
          <Link
            className="button"
            to={`/properties/${encodeURIComponent(pid)}/preview?library=${encodeURIComponent(library.id)}`}
          >
            Preview
          </Link>{" "}
          <span className="muted">on a page of the site, with the live debugger.</span>
        </p>
      )}
      <p className="muted">
        Created by {library.createdBy}, {new Date(library.createdAt).toLocaleString()}.{" "}
        {library.submittedBy &&
          `Submitted by ${library.submittedBy}${library.submittedAt ? `, ${new Date(library.submittedAt).toLocaleString()}` : ""}. `}
        {pinned
          ? "Its revisions are pinned: builds take exactly these."
          : "In development it builds the latest revision of each resource."}
      </p>
      {editable && (
        <div className="inline-form card">
          <RenameField
            name={library.name}
            busy={update.isPending}
            onSave={(name) => update.mutate({ name })}
          />
          <label>
            Development environment
            <select
              value={library.environmentId ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ environmentId: e.target.value || null })}
            >
              <option value="">None</option>
              {devEnvs.map((env) => (
                <option key={env.id} value={env.id}>
                  {env.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <MutationError error={update.error ?? removeResource.error ?? remove.error} />
      <LibrarySteps pid={pid} library={library} />

      <h2>Resources ({library.resources.length})</h2>
      {library.resources.length === 0 ? (
        <p className="muted">
          No resources: its builds are what production serves, with the property settings as they
          are now.
        </p>
      ) : (
        <table tabIndex={0} aria-label="Resources">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Revision</th>
              {editable && <th scope="col">Remove</th>}
            </tr>
          </thead>
          <tbody>
            {library.resources.map((r) => (
              <tr key={`${r.kind}:${r.id}`}>
                <td>{KIND[r.kind]}</td>
                <td>
                  <Link to={editorPath(r.kind, r.id)}>{r.name}</Link>
                </td>
                <td>
                  {r.pinnedRevision !== undefined
                    ? `r${r.pinnedRevision} · pinned`
                    : `latest · r${r.revision}`}
                  {r.deleted && <span className="badge">deletes it</span>}
                </td>
                {editable && (
                  <td>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Remove ${r.name} from the library`}
                      disabled={removeResource.isPending}
                      onClick={() => removeResource.mutate({ kind: r.kind, id: r.id })}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && <AddResources pid={pid} library={library} />}

      <h2>Builds</h2>
      {library.builds.length === 0 ? (
        <p className="muted">Not built yet.</p>
      ) : (
        <table tabIndex={0} aria-label="Builds">
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">Property revision</th>
              <th scope="col">Size</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {[...library.builds].reverse().map((b) => (
              <tr key={b.at + b.stage}>
                <td>{b.stage}</td>
                <td>{new Date(b.at).toLocaleString()}</td>
                <td>{b.by}</td>
                <td>{b.propertyRevision}</td>
                <td>
                  {kb(b.bytes)} ({kb(b.gzipBytes)} gzip)
                </td>
                <td>{b.durationMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && (
        <p>
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() =>
              void confirm({
                title: `Delete the library “${library.name}”?`,
                body: (
                  <p>
                    The library and its builds list go; its {library.resources.length} resources
                    stay as they are in the property, ready for another library.
                  </p>
                ),
                confirm: "Delete library",
                danger: true,
              }).then((ok) => ok && remove.mutate())
            }
          >
            Delete library
          </button>
        </p>
      )}
    </div>
  );
}

function RenameField({
  name,
  busy,
  onSave,
}: {
  name: string;
  busy: boolean;
  onSave: (name: string) => void;
}) {
  const [value, setValue] = useState(name);
  return (
    <label>
      Name
      <span className="with-button">
        <input value={value} maxLength={200} onChange={(e) => setValue(e.target.value)} />
        <button
          type="button"
          className="secondary"
          disabled={busy || value.trim() === "" || value === name}
          onClick={() => onSave(value)}
        >
          Rename
        </button>
      </span>
    </label>
  );
}

/** The property's resources not in the library yet, changed ones first, to pick from. */
function AddResources({ pid, library }: { pid: string; library: LibraryInfo }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = useProperty(pid).data!;
  const [search, setSearch] = useState("");
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const inLibrary = new Set(library.resources.map((r) => `${r.kind}:${r.id}`));
  const key = (r: ResourceInfo) => `${r.kind}:${r.id}`;
  const needle = search.trim().toLowerCase();
  const candidates = state.resources
    .filter((r) => isLibraryKind(r.kind) && !inLibrary.has(key(r)))
    .filter((r) => !needle || r.name.toLowerCase().includes(needle))
    .sort((a, b) => Number(b.changed) - Number(a.changed));
  const changedCount = state.resources.filter(
    (r) => isLibraryKind(r.kind) && r.changed && !inLibrary.has(key(r)),
  ).length;
  const add = useMutation({
    mutationFn: (body: {
      resources?: Array<{ kind: LibraryResourceKind; id: string }>;
      addAllChanged?: boolean;
    }) => api.libraries.addResources(pid, library.id, body),
    onSuccess: () => setChecked(new Set()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["property-derived", pid] }),
  });
  return (
    <section className="card" aria-label="Add resources">
      <h3>Add resources</h3>
      <p>
        <button
          type="button"
          disabled={add.isPending || changedCount === 0}
          onClick={() => add.mutate({ addAllChanged: true })}
        >
          Add all changed resources ({changedCount})
        </button>
      </p>
      <label>
        Search
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul className="plain picker">
        {candidates.slice(0, 200).map((r) => (
          <li key={key(r)}>
            <label>
              <input
                type="checkbox"
                checked={checked.has(key(r))}
                onChange={(e) =>
                  setChecked((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(key(r));
                    else next.delete(key(r));
                    return next;
                  })
                }
              />
              {KIND[r.kind as LibraryResourceKind]}: {r.name}{" "}
              <span className="muted">
                r{r.revision}
                {r.deleted ? " · deleted" : r.changed ? " · changed" : ""}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={add.isPending || checked.size === 0}
        onClick={() =>
          add.mutate({
            resources: [...checked].map((k) => {
              const at = k.indexOf(":");
              return { kind: k.slice(0, at) as LibraryResourceKind, id: k.slice(at + 1) };
            }),
          })
        }
      >
        Add {checked.size} checked
      </button>
      <MutationError error={add.error} />
    </section>
  );
}
