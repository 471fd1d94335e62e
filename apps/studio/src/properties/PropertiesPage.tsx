import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { fromLines } from "../forms/lines.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import Can from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";

export default function PropertiesPage() {
  const api = useApi();
  const properties = useQuery({ queryKey: ["properties"], queryFn: api.properties.list });
  return (
    <main className="page">
      <h1>Properties</h1>
      <QueryState query={properties}>
        {properties.data?.length === 0 ? (
          <p>No properties yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
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
      <Can role="editor">
        <CreateProperty />
      </Can>
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
  const create = useMutation({
    mutationFn: () => api.properties.create({ name, orgId, domains: fromLines(domains) }),
    onSuccess: (state) => {
      void queryClient.invalidateQueries({ queryKey: ["properties"] });
      void navigate(`/properties/${encodeURIComponent(state.document.property.id)}/settings`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form className="card" onSubmit={submit}>
      <h2>New property</h2>
      <div className="field">
        <label htmlFor="new-name">Name</label>
        <input id="new-name" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="new-org">Organization id</label>
        <input
          id="new-org"
          required
          placeholder="ABCDEF0123456789ABCDEF01@AdobeOrg"
          value={orgId}
          onChange={(e) => setOrgId(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="new-domains">Domains (one per line)</label>
        <textarea id="new-domains" value={domains} onChange={(e) => setDomains(e.target.value)} />
      </div>
      <MutationError error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Create property
      </button>
    </form>
  );
}
