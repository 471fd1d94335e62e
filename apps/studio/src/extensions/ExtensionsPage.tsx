import {
  extensionUsers,
  type ExtensionManifest,
  type PropertyExtension,
  type PropertyState,
} from "@liftoff/schema";
import { useState, type FormEvent } from "react";
import { useConfirm } from "../confirm/useConfirm.ts";
import ConflictView from "../forms/ConflictView.tsx";
import { conflictOf } from "../forms/useItemEditor.ts";
import { useParams } from "react-router";
import { itemProblems } from "../forms/itemProblems.ts";
import MutationError from "../forms/MutationError.tsx";
import { problemsUnder } from "../forms/problems.ts";
import SettingsForm from "../forms/SettingsForm.tsx";
import { resourceOf, usePropertyChange, useProperty } from "../properties/useProperty.ts";
import AlsoHere from "../properties/AlsoHere.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import ExtensionCatalog from "./ExtensionCatalog.tsx";
import ExtensionUsersNote from "./ExtensionUsersNote.tsx";
import { useCatalog } from "./useCatalog.ts";

/**
 * The catalogue of what Liftoff ships, then the installed extensions and their settings, each
 * form generated from the catalog's schema (Web SDK instances with per-environment datastream
 * ids, identity org id and opt-in).
 */
export default function ExtensionsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const catalog = useCatalog();
  const installed = state.document.extensions;
  // Every installed extension's form is on this page: the one focus is in is the one this
  // person has open, as colleagues see it.
  const [working, setWorking] = useState<string>();

  return (
    <>
      <h1>Extensions</h1>
      <ExtensionCatalog pid={pid} state={state} catalog={catalog.data ?? []} />
      <h2>Installed</h2>
      {installed.map((extension, index) => (
        <ExtensionForm
          key={extension.name}
          pid={pid}
          state={state}
          index={index}
          manifest={catalog.data?.find((m) => m.name === extension.name)}
          working={working === extension.name}
          onWork={() => setWorking(extension.name)}
        />
      ))}
    </>
  );
}

/**
 * One extension's settings. Saves are based on the extension's own revision; a newer one
 * saved by someone else reloads the form only while it has no unsaved edits, and a
 * conflicting save shows both versions to merge.
 */
function ExtensionForm({
  pid,
  state,
  index,
  manifest,
  working,
  onWork,
}: {
  pid: string;
  state: PropertyState;
  index: number;
  manifest: ExtensionManifest | undefined;
  /** Focus is in this form: it is the extension this tab has open. */
  working: boolean;
  onWork: () => void;
}) {
  const api = useApi();
  const canEdit = useCan("editor");
  const stored = state.document.extensions[index]!;
  const revision = resourceOf(state, "extension", stored.name)?.revision ?? 0;
  const [base, setBase] = useState(revision);
  const [settings, setSettings] = useState(stored.settings ?? {});
  // The settings as they are at `base`: edits are measured against them.
  const [baseSettings, setBaseSettings] = useState(stored.settings ?? {});
  const dirty = JSON.stringify(settings) !== JSON.stringify(baseSettings);
  const save = usePropertyChange(pid, (extension: PropertyExtension) =>
    api.properties.saveExtension(pid, base, extension),
  );
  const confirm = useConfirm();
  const remove = usePropertyChange(pid, () =>
    api.properties.removeExtension(pid, base, stored.name),
  );
  const [seen, setSeen] = useState(revision);
  // Someone else saved it (adjusted while rendering): take theirs unless there are edits
  // here to keep.
  if (revision !== seen) {
    setSeen(revision);
    if (!dirty && !save.isPending) {
      setBase(revision);
      setSettings(stored.settings ?? {});
      setBaseSettings(stored.settings ?? {});
    }
  }
  const conflict = conflictOf(save.error) ?? conflictOf(remove.error);
  const problems = itemProblems(state.problems, `extensions[${index}]`, save.error, "extension");
  const title = stored.displayName ?? manifest?.displayName ?? stored.name;
  const busy = save.isPending || remove.isPending;
  const users = extensionUsers(state.document, stored.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...stored, settings },
      {
        onSuccess: (next) => {
          if (!next.saved) return;
          setBase(next.saved.revision);
          setSeen(next.saved.revision);
          setBaseSettings(settings);
        },
      },
    );
  };
  const onRemove = () =>
    void confirm({
      title: `Remove the ${title} extension?`,
      body: (
        <p>
          Its rules' events, conditions and actions and its data elements stop working in the next
          build. You can undo it until the next production publish.
        </p>
      ),
      confirm: "Remove extension",
      danger: true,
    }).then((ok) => ok && remove.mutate(undefined));
  const resolve = (next: PropertyExtension) => {
    save.reset();
    remove.reset();
    setBase(conflict!.currentRevision);
    setSettings(next.settings ?? {});
    setBaseSettings((conflict!.current as PropertyExtension | null)?.settings ?? {});
  };
  return (
    <form
      className="card"
      id={`extension-${stored.name}`}
      onSubmit={submit}
      onFocus={onWork}
      aria-label={title}
    >
      <div className="editor-title">
        <h3>
          {title} <span className="muted">{stored.version ?? manifest?.version}</span>
        </h3>
        <AlsoHere pid={pid} item={{ kind: "extension", id: stored.name }} announce={working} />
      </div>
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
      {conflict ? (
        <ConflictView
          conflict={conflict}
          base={{ ...stored, settings: baseSettings }}
          mine={{ ...stored, settings }}
          onResolve={resolve}
          onDiscard={() => resolve((conflict.current ?? stored) as PropertyExtension)}
        />
      ) : (
        <MutationError error={save.error ?? remove.error} />
      )}
      {canEdit && (
        <div className="actions">
          {manifest && (
            <button type="submit" disabled={busy} aria-label={`Save ${title}`}>
              Save
            </button>
          )}
          {stored.name !== "core" && (
            <button
              type="button"
              className="danger"
              disabled={busy || users.length > 0}
              aria-label={`Remove ${title}`}
              aria-describedby={users.length > 0 ? `users-${stored.name}` : undefined}
              onClick={onRemove}
            >
              Remove
            </button>
          )}
        </div>
      )}
      <ExtensionUsersNote id={`users-${stored.name}`} pid={pid} name={stored.name} users={users} />
    </form>
  );
}
