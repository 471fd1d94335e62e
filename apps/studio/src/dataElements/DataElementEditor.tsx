import type { ModuleManifest, PropertyDataElement } from "@liftoff/schema";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  findModule,
  modulesOfKind,
  settingsSchemaOf,
  useCatalog,
} from "../extensions/useCatalog.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import { nameProblem } from "../forms/itemName.ts";
import MutationError from "../forms/MutationError.tsx";
import { problemsAt, problemsUnder } from "../forms/problems.ts";
import SettingsForm from "../forms/SettingsForm.tsx";
import { initialSettings } from "../forms/schemaType.ts";
import TokenInput from "../forms/TokenInput.tsx";
import { usePlatform } from "../properties/platform.ts";
import ConflictView from "../forms/ConflictView.tsx";
import ItemEditorFrame, { ItemTools } from "../forms/ItemEditorFrame.tsx";
import SaveBar from "../forms/SaveBar.tsx";
import { useSaveShortcut } from "../forms/useSaveShortcut.ts";
import { useItemEditor } from "../forms/useItemEditor.ts";
import type { PathMessage } from "../forms/problems.ts";
import { useCan } from "../session/Can.tsx";
import AlsoHere from "../properties/AlsoHere.tsx";
import { useApi } from "../session/SessionContext.tsx";

const blank = (module: ModuleManifest | undefined): PropertyDataElement => ({
  id: "",
  name: "",
  modulePath: module?.path ?? "",
  settings: module ? initialSettings(module) : {},
});

/** Create or edit one data element; its settings form comes from the module's manifest. */
export default function DataElementEditor() {
  const api = useApi();
  const editor = useItemEditor<PropertyDataElement>("dataElements", "dataElement", {
    save: (pid, revision, element, isNew) =>
      api.properties.saveDataElement(pid, revision, element, isNew),
    remove: (pid, revision, id) => api.properties.removeDataElement(pid, revision, id),
  });
  const { resource } = editor;
  return (
    <ItemEditorFrame editor={editor} kind="dataElement" back="data elements">
      <Form
        key={editor.formKey}
        title={resource?.name}
        here={
          <AlsoHere
            pid={editor.state.document.property.id}
            item={resource && { kind: "dataElement", id: resource.id }}
          />
        }
        {...editor.form}
        conflict={editor.conflict && <ConflictView {...editor.conflict} />}
        extra={
          resource && (
            <ItemTools
              pid={editor.state.document.property.id}
              kind="dataElement"
              resource={resource}
              current={editor.state.document.dataElements.find((item) => item.id === resource.id)}
            />
          )
        }
      />
    </ItemEditorFrame>
  );
}

function Form({
  initial,
  baseline,
  onDirty,
  dirty,
  saved,
  revision,
  onCancel,
  title,
  here,
  conflict,
  extra,
  problems,
  error,
  busy,
  onSave,
  onDelete,
}: {
  initial: PropertyDataElement | undefined;
  baseline: PropertyDataElement | undefined;
  onDirty: (dirty: boolean) => void;
  dirty: boolean;
  saved: boolean;
  revision: number | undefined;
  onCancel: () => void;
  title: string | undefined;
  /** Who else has the data element open, next to its name. */
  here: ReactNode;
  /** The conflict view, shown above Save. */
  conflict: ReactNode;
  extra: ReactNode;
  problems: PathMessage[];
  error: unknown;
  busy: boolean;
  onSave: (element: PropertyDataElement) => void;
  onDelete?: () => void;
}) {
  const catalog = useCatalog();
  const canEdit = useCan("editor");
  const platform = usePlatform();
  const types = modulesOfKind(catalog.data, "dataElement");
  const [draft, setDraft] = useState<PropertyDataElement>(() => initial ?? blank(types[0]));
  useEffect(() => {
    onDirty(JSON.stringify(draft) !== JSON.stringify(baseline ?? blank(types[0])));
    // The blank item depends on the catalog only for new items; the draft decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, baseline, onDirty]);
  const module = findModule(catalog.data, draft.modulePath);
  const set = (patch: Partial<PropertyDataElement>) => setDraft((d) => ({ ...d, ...patch }));
  const at = (path: string) => problemsAt(problems, path);
  const nameFault = nameProblem(draft.name);
  const nameMessages = [...at("name"), ...(nameFault ? [nameFault] : [])];
  // A name the server would refuse is not sent: the field says why, and takes the focus.
  const saveIf = (element: PropertyDataElement) => {
    if (nameFault) document.getElementById("de-name")?.focus();
    else onSave(element);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveIf(draft);
  };
  const readOnly = !canEdit;
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef, canEdit);

  return (
    <form ref={formRef} onSubmit={submit} className="editor">
      <p>
        <Link to=".." relative="path">
          ← Data elements
        </Link>
      </p>
      <div className="editor-title">
        <h1>{title ?? "New data element"}</h1>
        {here}
      </div>
      <FieldProblems id="de-problems" messages={at("")} />
      <div className="field">
        <label htmlFor="de-name">Name</label>
        <input
          id="de-name"
          required
          readOnly={readOnly}
          value={draft.name}
          aria-invalid={nameMessages.length > 0}
          aria-describedby="de-name-problems"
          onChange={(e) => set({ name: e.target.value })}
        />
        <FieldProblems id="de-name-problems" messages={nameMessages} />
      </div>
      <div className="field">
        <label htmlFor="de-type">Type</label>
        <select
          id="de-type"
          disabled={readOnly}
          value={draft.modulePath}
          onChange={(e) => {
            const next = findModule(catalog.data, e.target.value);
            set({ modulePath: e.target.value, settings: next ? initialSettings(next) : {} });
          }}
        >
          {!module && <option value={draft.modulePath}>{draft.modulePath || "—"}</option>}
          {types.map((m) => (
            <option key={m.path} value={m.path}>
              {m.displayName}
            </option>
          ))}
        </select>
        <FieldProblems id="de-type-problems" messages={at("modulePath")} />
      </div>
      <fieldset>
        <legend>{module?.displayName ?? "Settings"}</legend>
        {module ? (
          <SettingsForm
            idPrefix="de-settings"
            schema={settingsSchemaOf(module)}
            value={draft.settings}
            onChange={(settings) => set({ settings })}
            problems={problemsUnder(problems, "settings")}
            readOnly={readOnly}
          />
        ) : (
          <p className="muted">
            {draft.modulePath
              ? "No manifest for this module; its settings are kept as they are."
              : "Choose a type: its settings appear here."}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="de-default">Default value</label>
        <TokenInput
          id="de-default"
          readOnly={readOnly}
          value={
            draft.defaultValue == null
              ? ""
              : typeof draft.defaultValue === "string"
                ? draft.defaultValue
                : JSON.stringify(draft.defaultValue)
          }
          onChange={(value) => set({ defaultValue: value === "" ? undefined : value })}
        />
      </div>
      {/* Storage keeps a value in the browser between pages; on the server a value lives for one event. */}
      {platform === "web" && (
        <div className="field">
          <label htmlFor="de-storage">Storage duration</label>
          <select
            id="de-storage"
            disabled={readOnly}
            value={draft.storageDuration ?? ""}
            onChange={(e) =>
              set({
                storageDuration:
                  e.target.value === ""
                    ? undefined
                    : (e.target.value as PropertyDataElement["storageDuration"]),
              })
            }
          >
            <option value="">None</option>
            <option value="pageview">Page view</option>
            <option value="session">Session</option>
            <option value="visitor">Visitor</option>
          </select>
        </div>
      )}
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.forceLowerCase === true}
            onChange={(e) => set({ forceLowerCase: e.target.checked })}
          />
          Force lower case
        </label>
        <label>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.cleanText === true}
            onChange={(e) => set({ cleanText: e.target.checked })}
          />
          Clean text (trim and collapse spaces)
        </label>
      </div>
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.enabled !== false}
            onChange={(e) => set({ enabled: e.target.checked ? undefined : false })}
          />
          Enabled
        </label>
        <p className="hint">A disabled data element is kept but left out of every build.</p>
      </div>
      <div className="field">
        <label htmlFor="de-description">Notes</label>
        <textarea
          id="de-description"
          readOnly={readOnly}
          value={draft.description ?? ""}
          onChange={(e) => set({ description: e.target.value || undefined })}
        />
      </div>
      {conflict}
      <MutationError error={error} placed={(path) => path === "dataElement.name"} />
      <SaveBar
        saveLabel="Save"
        deleteLabel="Delete"
        dirty={dirty}
        saved={saved}
        busy={busy}
        revision={revision}
        enabled={draft.enabled !== false}
        canEdit={canEdit}
        onCancel={onCancel}
        onDelete={onDelete}
        noun="data element"
        problemCount={problems.length + (nameFault ? 1 : 0)}
        // The form changes only when the save succeeds (the editor then starts over from the
        // saved item): a refused save leaves the item as it was, not quietly disabled.
        onSaveDisabled={() => saveIf({ ...draft, enabled: false })}
      />
      {extra}
    </form>
  );
}
