import {
  DEFAULT_LIBRARY_MAX_AGE,
  SEPARATION_OF_DUTIES_LABEL,
  type PropertyCompany,
  type PropertyDocument,
  type PropertyDocumentSettings,
  type PropertyReporting,
  type PropertyState,
} from "@liftoff/schema";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useParams } from "react-router";
import { ApiError } from "../api/ApiError.ts";
import ConflictView from "../forms/ConflictView.tsx";
import { conflictOf } from "../forms/useItemEditor.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import { fromLines, toLines } from "../forms/lines.ts";
import MutationError from "../forms/MutationError.tsx";
import { problemsAt, type PathMessage } from "../forms/problems.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { emptyReporting, reportingToSave } from "./reporting/reportingDraft.ts";
import { resourceOf, usePropertyChange, useProperty } from "./useProperty.ts";

// Its own chunk (about 5 KB gzip): most visits to the settings never edit the reporting.
const ReportingSection = lazy(() => import("./reporting/ReportingSection.tsx"));

interface SettingsBody {
  name: string;
  settings: PropertyDocumentSettings;
  /** `orgId: null` removes the org id. */
  company: Omit<PropertyCompany, "orgId"> & { orgId?: string | null };
}

const bodyOf = (doc: Pick<PropertyDocument, "property" | "company">): SettingsBody => ({
  name: doc.property.name,
  settings: doc.property.settings,
  company: doc.company,
});

/**
 * Property settings (domains, sequencing, undefined variables, library cache time) and the
 * company (org, CDN). Saves are based on the settings' own revision: saving a rule never
 * disturbs this form, and a conflicting save shows both versions to merge.
 */
export default function PropertySettingsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const state = useProperty(pid).data!;
  const revision = resourceOf(state, "settings", "property")?.revision ?? 0;
  const [session, setSession] = useState({
    key: 0,
    base: revision,
    /** The settings at `base`, what a conflict's merge compares both versions with. */
    baseBody: bodyOf(state.document),
    initial: bodyOf(state.document),
  });
  const save = usePropertyChange(pid, (body: SettingsBody) =>
    api.properties.saveSettings(pid, { revision: session.base, ...body }),
  );
  const conflict = conflictOf(save.error);
  const restart = (base: number, baseBody: SettingsBody, initial: SettingsBody) => {
    save.reset();
    setSession((s) => ({ key: s.key + 1, base, baseBody, initial }));
  };
  const theirs =
    conflict?.current != null
      ? bodyOf(conflict.current as Pick<PropertyDocument, "property" | "company">)
      : null;
  return (
    <>
      {conflict && (
        <ConflictView
          conflict={conflict}
          base={session.baseBody}
          mine={save.variables ?? session.initial}
          theirs={theirs}
          onResolve={(next) => restart(conflict.currentRevision, theirs ?? next, next)}
          onDiscard={() => theirs && restart(conflict.currentRevision, theirs, theirs)}
        />
      )}
      <SettingsForm
        key={session.key}
        state={state}
        initial={session.initial}
        save={save}
        onSaved={(next) =>
          setSession((s) => ({
            ...s,
            base: resourceOf(next, "settings", "property")!.revision,
            baseBody: bodyOf(next.document),
          }))
        }
      />
    </>
  );
}

function SettingsForm({
  state,
  initial,
  save,
  onSaved,
}: {
  state: PropertyState;
  initial: SettingsBody;
  save: ReturnType<typeof usePropertyChange<SettingsBody, PropertyState>>;
  onSaved: (next: PropertyState) => void;
}) {
  const canEdit = useCan("editor");
  // Separation of duties is an admin's decision; the server refuses it from anyone else.
  const canSeparate = useCan("admin");
  const doc = state.document;
  const [name, setName] = useState(initial.name);
  const [domains, setDomains] = useState(toLines(initial.settings.domains));
  const [sequencing, setSequencing] = useState(
    initial.settings.ruleComponentSequencingEnabled === true,
  );
  const [undefinedEmpty, setUndefinedEmpty] = useState(
    initial.settings.undefinedVarsReturnEmpty === true,
  );
  const [maxAge, setMaxAge] = useState(
    String(initial.settings.libraryMaxAge ?? DEFAULT_LIBRARY_MAX_AGE),
  );
  const [separate, setSeparate] = useState(initial.settings.separationOfDuties === true);
  const [orgId, setOrgId] = useState(initial.company.orgId ?? "");
  const [dynamicCdn, setDynamicCdn] = useState(initial.company.dynamicCdnEnabled === true);
  const [allowList, setAllowList] = useState(toLines(initial.company.cdnAllowList));
  const [reporting, setReporting] = useState<PropertyReporting>(
    initial.settings.reporting ?? emptyReporting(),
  );
  // The Reports page links to `settings#reporting`: bring that part into view once, in the
  // next frame, after the layout has put the new page at its top.
  const reportingRef = useRef<HTMLFieldSetElement>(null);
  const targeted = useLocation().hash === "#reporting";
  useEffect(() => {
    if (!targeted) return;
    const frame = requestAnimationFrame(
      () => void reportingRef.current?.scrollIntoView?.({ block: "start" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [targeted]);
  const fieldErrors: PathMessage[] = [
    ...state.problems,
    ...(save.error instanceof ApiError ? save.error.fieldErrors : []),
  ];
  const at = (...paths: string[]) => paths.flatMap((p) => problemsAt(fieldErrors, p));

  function submit(e: FormEvent) {
    e.preventDefault();
    const { reporting: _, ...kept } = initial.settings;
    const reportingSent = reportingToSave(reporting, initial.settings.reporting);
    save.mutate(
      {
        name,
        settings: {
          ...kept,
          domains: fromLines(domains),
          ruleComponentSequencingEnabled: sequencing,
          undefinedVarsReturnEmpty: undefinedEmpty,
          libraryMaxAge: maxAge.trim() === "" ? DEFAULT_LIBRARY_MAX_AGE : Number(maxAge),
          // Sent only when changed (by an admin): unset stays unset, as before.
          ...(separate !== (initial.settings.separationOfDuties === true)
            ? { separationOfDuties: separate }
            : {}),
          ...(reportingSent ? { reporting: reportingSent } : {}),
        },
        company: {
          ...initial.company,
          // Optional until an extension needs it (the problems below say so); blank removes it.
          orgId: orgId.trim() === "" ? null : orgId.trim(),
          dynamicCdnEnabled: dynamicCdn,
          cdnAllowList: fromLines(allowList),
        },
      },
      { onSuccess: onSaved },
    );
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
        <div className="field">
          <label htmlFor="p-max-age">Library cache time (seconds)</label>
          <input
            id="p-max-age"
            type="number"
            min={0}
            max={31536000}
            step={1}
            aria-invalid={
              at("settings.libraryMaxAge", "property.settings.libraryMaxAge").length > 0
            }
            aria-describedby="p-max-age-help p-max-age-problems"
            value={maxAge}
            onChange={(e) => setMaxAge(e.target.value)}
          />
          <p id="p-max-age-help" className="muted">
            How long browsers and CDNs may keep the staging and production libraries before they
            check for a new one (default 3600, one hour; 0 checks every time). A publish reaches new
            visitors at once and returning ones within this time. Development libraries are never
            cached: the next reload runs the new build.
          </p>
          <FieldProblems
            id="p-max-age-problems"
            messages={at("settings.libraryMaxAge", "property.settings.libraryMaxAge")}
          />
        </div>
        <div className="field field-check">
          <label>
            <input
              type="checkbox"
              checked={separate}
              disabled={!canSeparate}
              aria-describedby="p-separate-help"
              onChange={(e) => setSeparate(e.target.checked)}
            />
            {SEPARATION_OF_DUTIES_LABEL}
          </label>
          <p id="p-separate-help" className="muted">
            On: whoever submits a library cannot approve it; another approver or an admin must. Only
            admins change this.
          </p>
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
        <TurbineInfo settings={initial.settings} />
      </fieldset>
      <fieldset disabled={!canEdit}>
        <legend>Company</legend>
        <div className="field">
          <label htmlFor="c-org">Organization id</label>
          <input
            id="c-org"
            aria-invalid={at("company.orgId").length > 0}
            aria-describedby="c-org-problems"
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
      <fieldset id="reporting" ref={reportingRef} disabled={!canEdit}>
        <legend>Reporting</legend>
        <Suspense fallback={<p className="muted">Loading the report fields and reports…</p>}>
          <ReportingSection
            value={reporting}
            onChange={setReporting}
            problems={fieldErrors}
            readOnly={!canEdit}
          />
        </Suspense>
      </fieldset>
      <MutationError
        error={save.error}
        placed={(path) => path === "settings.reporting" || path.startsWith("settings.reporting.")}
      />
      {save.isSuccess && (
        <p role="status">
          Saved (settings revision {resourceOf(save.data, "settings", "property")?.revision}).
        </p>
      )}
      {canEdit && (
        <button type="submit" disabled={save.isPending}>
          Save settings
        </button>
      )}
    </form>
  );
}

/**
 * What libraries report as `_satellite.buildInfo.turbineVersion` and `turbineBuildDate`:
 * read-only, kept from an import (extensions may read them) and saved back unchanged.
 */
function TurbineInfo({ settings }: { settings: PropertyDocumentSettings }) {
  const kept = settings.turbineVersion !== undefined || settings.turbineBuildDate !== undefined;
  return (
    <div className="field">
      <p>
        <strong>Engine version libraries report</strong>
      </p>
      <dl className="facts">
        <dt>turbineVersion</dt>
        <dd>{settings.turbineVersion ?? "Liftoff's own"}</dd>
        <dt>turbineBuildDate</dt>
        <dd>{settings.turbineBuildDate ?? "Liftoff's own"}</dd>
      </dl>
      <p className="muted">
        {kept
          ? "Kept from the imported Launch library: "
          : "An imported property keeps its original's: "}
        extensions may read them from <code>_satellite.buildInfo</code> (Analytics derives its
        version code from turbineBuildDate).
      </p>
    </div>
  );
}
