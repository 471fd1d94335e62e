import type { ExtensionManifest, PropertyExtension, PropertyState } from "@liftoff/schema";
import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { itemProblems } from "../forms/itemProblems.ts";
import MutationError from "../forms/MutationError.tsx";
import { problemsUnder } from "../forms/problems.ts";
import SettingsForm from "../forms/SettingsForm.tsx";
import { usePropertyChange, useProperty } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { useCatalog } from "./useCatalog.ts";

/**
 * Installed extensions and their settings, each form generated from the catalog's schema
 * (Web SDK instances with per-environment datastream ids, identity org id and opt-in).
 */
export default function ExtensionsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const state = useProperty(pid).data!;
  const catalog = useCatalog();
  const canEdit = useCan("editor");
  const save = usePropertyChange(pid, (revision, extension: PropertyExtension) =>
    api.properties.saveExtension(pid, revision, extension),
  );
  const remove = usePropertyChange(pid, (revision, name: string) =>
    api.properties.removeExtension(pid, revision, name),
  );
  const installed = state.document.extensions;
  const available = (catalog.data ?? []).filter((x) => !installed.some((i) => i.name === x.name));

  return (
    <>
      <h1>Extensions</h1>
      <MutationError error={save.error ?? remove.error} />
      {installed.map((extension, index) => (
        <ExtensionForm
          key={`${extension.name}@${state.revision}`}
          state={state}
          index={index}
          manifest={catalog.data?.find((m) => m.name === extension.name)}
          saveError={save.variables?.name === extension.name ? save.error : null}
          busy={save.isPending || remove.isPending}
          onSave={(next) => save.mutate(next)}
          onRemove={() => remove.mutate(extension.name)}
        />
      ))}
      {canEdit && available.length > 0 && (
        <section className="card">
          <h2>Add an extension</h2>
          <ul className="plain">
            {available.map((m) => (
              <li key={m.name}>
                {m.displayName} {m.version}{" "}
                <button
                  type="button"
                  aria-label={`Install ${m.displayName}`}
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate({
                      name: m.name,
                      displayName: m.displayName,
                      version: m.version,
                      settings: {},
                    })
                  }
                >
                  Install
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function ExtensionForm({
  state,
  index,
  manifest,
  saveError,
  busy,
  onSave,
  onRemove,
}: {
  state: PropertyState;
  index: number;
  manifest: ExtensionManifest | undefined;
  saveError: unknown;
  busy: boolean;
  onSave: (extension: PropertyExtension) => void;
  onRemove: () => void;
}) {
  const canEdit = useCan("editor");
  const stored = state.document.extensions[index]!;
  const [settings, setSettings] = useState(stored.settings ?? {});
  const problems = itemProblems(state.problems, `extensions[${index}]`, saveError, "extension");
  const title = stored.displayName ?? manifest?.displayName ?? stored.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ ...stored, settings });
  };
  return (
    <form className="card" onSubmit={submit} aria-label={title}>
      <h2>
        {title} <span className="muted">{stored.version ?? manifest?.version}</span>
      </h2>
      {manifest ? (
        <SettingsForm
          idPrefix={`ext-${stored.name}`}
          schema={manifest.settings}
          value={settings}
          onChange={setSettings}
          problems={problemsUnder(problems, "settings")}
          readOnly={!canEdit}
        />
      ) : (
        <p className="muted">
          Imported extension kept as is ({Object.keys(stored.opaqueModules ?? {}).length} modules);
          Liftoff has no settings form for it.
        </p>
      )}
      {canEdit && (
        <div className="actions">
          {manifest && (
            <button type="submit" disabled={busy} aria-label={`Save ${title}`}>
              Save
            </button>
          )}
          <button
            type="button"
            className="danger"
            disabled={busy}
            aria-label={`Remove ${title}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      )}
    </form>
  );
}
