import type { Company, PropertySettings, PropertyState } from "@liftoff/schema";
import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { ApiError } from "../api/ApiError.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import { fromLines, toLines } from "../forms/lines.ts";
import MutationError from "../forms/MutationError.tsx";
import { problemsAt, type PathMessage } from "../forms/problems.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { usePropertyChange, useProperty } from "./useProperty.ts";

interface SettingsBody {
  name: string;
  settings: PropertySettings;
  company: Company;
}

/** Property settings (domains, sequencing, undefined variables) and the company (org, CDN). */
export default function PropertySettingsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const state = useProperty(pid).data!;
  const save = usePropertyChange(pid, (revision, body: SettingsBody) =>
    api.properties.saveSettings(pid, { revision, ...body }),
  );
  // Keyed by revision: a reload after a save or a conflict starts from the stored values.
  return <SettingsForm key={state.revision} state={state} save={save} />;
}

function SettingsForm({
  state,
  save,
}: {
  state: PropertyState;
  save: ReturnType<typeof usePropertyChange<SettingsBody>>;
}) {
  const canEdit = useCan("editor");
  const doc = state.document;
  const [name, setName] = useState(doc.property.name);
  const [domains, setDomains] = useState(toLines(doc.property.settings.domains));
  const [sequencing, setSequencing] = useState(
    doc.property.settings.ruleComponentSequencingEnabled === true,
  );
  const [undefinedEmpty, setUndefinedEmpty] = useState(
    doc.property.settings.undefinedVarsReturnEmpty === true,
  );
  const [orgId, setOrgId] = useState(doc.company.orgId);
  const [dynamicCdn, setDynamicCdn] = useState(doc.company.dynamicCdnEnabled === true);
  const [allowList, setAllowList] = useState(toLines(doc.company.cdnAllowList));
  const fieldErrors: PathMessage[] = [
    ...state.problems,
    ...(save.error instanceof ApiError ? save.error.fieldErrors : []),
  ];
  const at = (...paths: string[]) => paths.flatMap((p) => problemsAt(fieldErrors, p));

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({
      name,
      settings: {
        ...doc.property.settings,
        domains: fromLines(domains),
        ruleComponentSequencingEnabled: sequencing,
        undefinedVarsReturnEmpty: undefinedEmpty,
      },
      company: {
        ...doc.company,
        orgId,
        dynamicCdnEnabled: dynamicCdn,
        cdnAllowList: fromLines(allowList),
      },
    });
  }

  return (
    <form onSubmit={submit} className="settings-page">
      <h1>Settings</h1>
      <p>
        Download this revision as a{" "}
        <a href={`/api/properties/${encodeURIComponent(doc.property.id)}/export`} download>
          property document
        </a>{" "}
        or a{" "}
        <a
          href={`/api/properties/${encodeURIComponent(doc.property.id)}/export?format=launch`}
          download
        >
          Launch container
        </a>
        .
      </p>
      <fieldset disabled={!canEdit}>
        <legend>Property</legend>
        <div className="field">
          <label htmlFor="p-name">Name</label>
          <input
            id="p-name"
            aria-invalid={at("name", "property.name").length > 0}
            aria-describedby="p-name-problems"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldProblems id="p-name-problems" messages={at("name", "property.name")} />
        </div>
        <div className="field">
          <label htmlFor="p-domains">Domains (one per line)</label>
          <textarea
            id="p-domains"
            aria-invalid={at("settings.domains", "property.settings.domains").length > 0}
            aria-describedby="p-domains-problems"
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
          />
          <FieldProblems
            id="p-domains-problems"
            messages={at("settings.domains", "property.settings.domains")}
          />
        </div>
        <div className="field field-check">
          <label>
            <input
              type="checkbox"
              checked={sequencing}
              onChange={(e) => setSequencing(e.target.checked)}
            />
            Run rule components in sequence
          </label>
        </div>
        <div className="field field-check">
          <label>
            <input
              type="checkbox"
              checked={undefinedEmpty}
              onChange={(e) => setUndefinedEmpty(e.target.checked)}
            />
            Return an empty string for undefined data elements
          </label>
        </div>
      </fieldset>
      <fieldset disabled={!canEdit}>
        <legend>Company</legend>
        <div className="field">
          <label htmlFor="c-org">Organization id</label>
          <input
            id="c-org"
            aria-invalid={at("company.orgId").length > 0}
            aria-describedby="c-org-problems"
            required
            value={orgId}
            onChange={(e) => setOrgId(e.target.value)}
          />
          <FieldProblems id="c-org-problems" messages={at("company.orgId")} />
        </div>
        <div className="field field-check">
          <label>
            <input
              type="checkbox"
              checked={dynamicCdn}
              onChange={(e) => setDynamicCdn(e.target.checked)}
            />
            Dynamic CDN (serve libraries only to allowed hosts)
          </label>
        </div>
        <div className="field">
          <label htmlFor="c-allow">CDN host allow list (one per line)</label>
          <textarea
            id="c-allow"
            aria-invalid={at("company.cdnAllowList").length > 0}
            aria-describedby="c-allow-problems"
            value={allowList}
            onChange={(e) => setAllowList(e.target.value)}
          />
          <FieldProblems id="c-allow-problems" messages={at("company.cdnAllowList")} />
        </div>
      </fieldset>
      <MutationError error={save.error} />
      {save.isSuccess && <p role="status">Saved as revision {save.data.revision}.</p>}
      {canEdit && (
        <button type="submit" disabled={save.isPending}>
          Save settings
        </button>
      )}
    </form>
  );
}
