import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { fromLines } from "../forms/lines.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import type { ImportResult, PropertyPlatform } from "@liftoff/schema";
import type { ImportAgain } from "../api/createStudioApi.ts";
import ExistingProperty, { existingOf } from "./ExistingProperty.tsx";
import ImportBuildFolder from "./ImportBuildFolder.tsx";
import ImportReport from "./ImportReport.tsx";
import { PLATFORM_LABELS } from "./platform.ts";
import type { BuildFile } from "./readBuildFolder.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";

export default function PropertiesPage() {
  const api = useApi();
  const canCreate = useCan("editor");
  const properties = useQuery({ queryKey: ["properties"], queryFn: api.properties.list });
  return (
    <main className="page">
      <h1>Properties</h1>
      <QueryState query={properties}>
        {properties.data?.length === 0 ? (
          <section className="empty-state" aria-labelledby="no-properties">
            <h2 id="no-properties">No properties yet</h2>
            <p>
              {canCreate
                ? "A property holds one site's rules, data elements and extensions, and serves a library per environment. Start from an empty one, or bring a Launch library your site runs today."
                : "An editor can create a property or import a Launch library; it will be listed here."}
            </p>
          </section>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Platform</th>
                <th scope="col">Revision</th>
                <th scope="col">Last change</th>
              </tr>
            </thead>
            <tbody>
              {properties.data?.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/properties/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                  </td>
                  <td>
                    {p.platform === "edge" ? (
                      <span className="badge platform-badge">{PLATFORM_LABELS.edge}</span>
                    ) : (
                      PLATFORM_LABELS.web
                    )}
                  </td>
                  <td>{p.revision}</td>
                  <td>
                    {new Date(p.updatedAt).toLocaleString()} by {p.updatedBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {canCreate && (
        <div className="start-options">
          <CreateProperty />
          <ImportProperty />
        </div>
      )}
    </main>
  );
}

function CreateProperty() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [orgId, setOrgId] = useState("");
  const [domains, setDomains] = useState("");
  const [platform, setPlatform] = useState<PropertyPlatform>("web");
  const edge = platform === "edge";
  const create = useMutation({
    // An event forwarding property serves no page: it has no domains and needs no org id.
    mutationFn: () =>
      api.properties.create(
        edge
          ? { name, domains: [], platform }
          : {
              name,
              ...(orgId.trim() === "" ? {} : { orgId: orgId.trim() }),
              domains: fromLines(domains),
            },
      ),
    onSuccess: (state) => {
      void queryClient.invalidateQueries({ queryKey: ["properties"] });
      // Its first steps are forwarding ones: the hosts it may send to and its secrets.
      const next = edge ? "forwarding" : "settings";
      void navigate(`/properties/${encodeURIComponent(state.document.property.id)}/${next}`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-property">
      <h2 id="create-property">Create a property</h2>
      <p className="hint">Three environments and the Core extension; add the rest in the studio.</p>
      <fieldset className="platform-choice">
        <legend>Platform</legend>
        <label className="check">
          <input
            type="radio"
            name="new-platform"
            value="web"
            checked={!edge}
            onChange={() => setPlatform("web")}
            aria-describedby="platform-web-hint"
          />
          {PLATFORM_LABELS.web}
        </label>
        <p id="platform-web-hint" className="hint">
          Tags on pages: a library your site loads with its embed code.
        </p>
        <label className="check">
          <input
            type="radio"
            name="new-platform"
            value="edge"
            checked={edge}
            onChange={() => setPlatform("edge")}
            aria-describedby="platform-edge-hint"
          />
          {PLATFORM_LABELS.edge}
        </label>
        <p id="platform-edge-hint" className="hint">
          Rules on the server: the events your datastreams receive are sent on to vendors (Meta,
          Google Analytics, LinkedIn, any HTTP endpoint) without their tags on the page.
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor="new-name">Name</label>
        <input id="new-name" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {!edge && (
        <>
          <div className="field">
            <label htmlFor="new-org">Organization id (optional)</label>
            <input
              id="new-org"
              aria-describedby="new-org-hint"
              pattern="[A-Za-z0-9]+@AdobeOrg"
              placeholder="ABCDEF0123456789ABCDEF01@AdobeOrg"
              value={orgId}
              onChange={(e) => setOrgId(e.target.value)}
            />
            <p id="new-org-hint" className="hint">
              Your Adobe org id. Needed once you add the Web SDK (its events and identity cookies
              are tied to it); you can set it later in the property settings.
            </p>
          </div>
          <div className="field">
            <label htmlFor="new-domains">Domains (one per line)</label>
            <textarea
              id="new-domains"
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
            />
          </div>
        </>
      )}
      <MutationError error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Create property
      </button>
    </form>
  );
}

/** A container or property document is JSON; a built library (launch-….min.js) is sent as text. */
function importInput(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What an import sends: one file (library, container, document) or a build folder's files. */
type ImportSource = { kind: "file"; file: File } | { kind: "folder"; files: BuildFile[] };

/**
 * The import forms; once the server answers, what the import did (ImportReport) replaces them,
 * or, when the property is already here, the choice of what to do instead (ExistingProperty).
 */
function ImportProperty() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const send = async (source: ImportSource, again?: ImportAgain) =>
    source.kind === "file"
      ? api.properties.import(importInput(await source.file.text()), again)
      : api.properties.importFolder(source.files, again);
  const importing = useMutation({
    mutationFn: (source: ImportSource) => send(source),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["properties"] }),
  });
  const existing = existingOf(importing.error);
  const errorOf = (kind: ImportSource["kind"]) =>
    importing.variables?.kind === kind && !existing ? importing.error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) importing.mutate({ kind: "file", file });
  };
  const reset = () => {
    importing.reset();
    setDone(null);
    setFile(null);
  };
  const result = importing.data ?? done;
  if (result) return <ImportReport result={result} onDismiss={reset} />;
  if (existing && importing.variables) {
    const source = importing.variables;
    return (
      <ExistingProperty
        existing={existing}
        send={(again) => send(source, again)}
        onImported={(imported) => {
          void queryClient.invalidateQueries({ queryKey: ["properties"] });
          void queryClient.invalidateQueries({ queryKey: ["property", existing.id] });
          setDone(imported);
        }}
        onCancel={reset}
      />
    );
  }
  return (
    <>
      <form className="card" onSubmit={submit} aria-labelledby="import-property">
        <h2 id="import-property">Import a Launch library</h2>
        <p className="hint">
          A built library (<code>launch-….min.js</code>), a Launch container (JSON) or a Liftoff
          property file. Rules, data elements and extensions become a new property.
        </p>
        <div className="field">
          <label htmlFor="import-file">File</label>
          <input
            id="import-file"
            type="file"
            required
            accept=".js,.json,application/javascript,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <MutationError error={errorOf("file")} />
        <button type="submit" disabled={!file || importing.isPending}>
          Import
        </button>
      </form>
      <ImportBuildFolder
        onSend={(files) => importing.mutate({ kind: "folder", files })}
        onPick={() => importing.reset()}
        pending={importing.isPending && importing.variables.kind === "folder"}
        error={errorOf("folder")}
      />
    </>
  );
}
