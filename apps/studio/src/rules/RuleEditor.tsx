import type { PropertyRule } from "@liftoff/schema";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { modulesOfKind, useCatalog } from "../extensions/useCatalog.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import { nameProblem } from "../forms/itemName.ts";
import MutationError from "../forms/MutationError.tsx";
import { childPath, problemsAt, problemsUnder, type PathMessage } from "../forms/problems.ts";
import { initialSettings } from "../forms/schemaType.ts";
import ConflictView from "../forms/ConflictView.tsx";
import ItemEditorFrame, { ItemTools } from "../forms/ItemEditorFrame.tsx";
import SaveBar from "../forms/SaveBar.tsx";
import { useSaveShortcut } from "../forms/useSaveShortcut.ts";
import { useItemEditor } from "../forms/useItemEditor.ts";
import { useCan } from "../session/Can.tsx";
import AlsoHere from "../properties/AlsoHere.tsx";
import { useApi } from "../session/SessionContext.tsx";
import ComponentCard, { type ComponentKind, type RuleComponent } from "./ComponentCard.tsx";

/** Up to this many components, a rule's cards all start expanded. */
const FEW = 3;

const blankRule = (): PropertyRule => ({
  id: "",
  name: "",
  events: [],
  conditions: [],
  actions: [],
});

/** Create or edit one rule: name, events, conditions and actions, saved together. */
export default function RuleEditor() {
  const api = useApi();
  const editor = useItemEditor<PropertyRule>("rules", "rule", {
    save: (pid, revision, rule, isNew) => api.properties.saveRule(pid, revision, rule, isNew),
    remove: (pid, revision, id) => api.properties.removeRule(pid, revision, id),
  });
  const sequencing =
    editor.state.document.property.settings.ruleComponentSequencingEnabled === true;
  const { resource } = editor;
  return (
    <ItemEditorFrame editor={editor} kind="rule" back="rules">
      <RuleForm
        key={editor.formKey}
        sequencing={sequencing}
        title={resource?.name}
        here={
          <AlsoHere
            pid={editor.state.document.property.id}
            item={resource && { kind: "rule", id: resource.id }}
          />
        }
        {...editor.form}
        conflict={editor.conflict && <ConflictView {...editor.conflict} />}
        extra={
          resource && (
            <ItemTools
              pid={editor.state.document.property.id}
              kind="rule"
              resource={resource}
              current={editor.state.document.rules.find((item) => item.id === resource.id)}
            />
          )
        }
      />
    </ItemEditorFrame>
  );
}

function RuleForm({
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
  sequencing,
  problems,
  error,
  busy,
  onSave,
  onDelete,
}: {
  initial: PropertyRule | undefined;
  baseline: PropertyRule | undefined;
  onDirty: (dirty: boolean) => void;
  dirty: boolean;
  saved: boolean;
  revision: number | undefined;
  onCancel: () => void;
  title: string | undefined;
  /** Who else has the rule open, next to its name. */
  here: ReactNode;
  /** The conflict view, shown above Save. */
  conflict: ReactNode;
  extra: ReactNode;
  sequencing: boolean;
  problems: PathMessage[];
  error: unknown;
  busy: boolean;
  onSave: (rule: PropertyRule) => void;
  onDelete?: () => void;
}) {
  const catalog = useCatalog().data;
  const canEdit = useCan("editor");
  const [draft, setDraft] = useState<PropertyRule>(() => initial ?? blankRule());
  useEffect(() => {
    onDirty(JSON.stringify(draft) !== JSON.stringify(baseline ?? blankRule()));
  }, [draft, baseline, onDirty]);
  const at = (path: string) => problemsAt(problems, path);
  const readOnly = !canEdit;
  // A rule with more than a few components opens collapsed, so its shape fits on one screen.
  const [few] = useState(
    () => draft.events.length + draft.conditions.length + draft.actions.length <= FEW,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef, canEdit);

  const setList = (kind: ComponentKind, list: RuleComponent[]) =>
    setDraft((d) => ({ ...d, [kind]: list }));
  // The list the last "Add …" added to: its new card takes the focus when it appears.
  const [added, setAdded] = useState<ComponentKind | undefined>();
  const add = (kind: ComponentKind) => {
    setAdded(kind);
    const first = modulesOfKind(
      catalog,
      kind === "events" ? "event" : kind === "conditions" ? "condition" : "action",
    )[0];
    setList(kind, [
      ...(draft[kind] as RuleComponent[]),
      { id: "", modulePath: first?.path ?? "", settings: first ? initialSettings(first) : {} },
    ]);
  };

  const nameFault = nameProblem(draft.name);
  const nameMessages = [...at("name"), ...(nameFault ? [nameFault] : [])];
  // A name the server would refuse is not sent: the field says why, and takes the focus.
  const saveIf = (rule: PropertyRule) => {
    if (nameFault) document.getElementById("rule-name")?.focus();
    else onSave(rule);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveIf(draft);
  };

  return (
    <form ref={formRef} onSubmit={submit} className="editor">
      <p>
        <Link to=".." relative="path">
          ← Rules
        </Link>
      </p>
      <div className="editor-title">
        <h1>{title ?? "New rule"}</h1>
        {here}
      </div>
      <FieldProblems id="rule-problems" messages={at("")} />
      <div className="field">
        <label htmlFor="rule-name">Name</label>
        <input
          id="rule-name"
          required
          readOnly={readOnly}
          value={draft.name}
          aria-invalid={nameMessages.length > 0}
          aria-describedby="rule-name-problems"
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <FieldProblems id="rule-name-problems" messages={nameMessages} />
      </div>
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            disabled={readOnly}
            checked={draft.enabled !== false}
            onChange={(e) => setDraft({ ...draft, enabled: e.target.checked ? undefined : false })}
          />
          Enabled
        </label>
        <p className="hint">A disabled rule is kept but left out of every build.</p>
      </div>
      <div className="field">
        <label htmlFor="rule-description">Notes</label>
        <textarea
          id="rule-description"
          readOnly={readOnly}
          value={draft.description ?? ""}
          onChange={(e) => setDraft({ ...draft, description: e.target.value || undefined })}
        />
      </div>
      {(["events", "conditions", "actions"] as const).map((kind) => {
        const list = draft[kind] as RuleComponent[];
        const title = kind.charAt(0).toUpperCase() + kind.slice(1);
        return (
          <section key={kind} className="rule-section" aria-label={title}>
            <h2>{title}</h2>
            <FieldProblems id={`${kind}-list-problems`} messages={at(kind)} />
            {list.length === 0 && <p className="muted">No {kind} yet.</p>}
            {list.map((component, i) => (
              <ComponentCard
                key={component.id || `new-${i}`}
                kind={kind}
                index={i}
                count={list.length}
                value={component}
                sequencing={sequencing}
                readOnly={readOnly}
                problems={problemsUnder(problems, childPath(kind, i))}
                focusOnMount={added === kind && component.id === "" && i === list.length - 1}
                startOpen={
                  few ||
                  component.id === "" ||
                  problemsUnder(problems, childPath(kind, i)).length > 0
                }
                onChange={(next) =>
                  setList(
                    kind,
                    list.map((c, j) => (j === i ? next : c)),
                  )
                }
                onRemove={() =>
                  setList(
                    kind,
                    list.filter((_, j) => j !== i),
                  )
                }
                onMove={(to) => {
                  const copy = [...list];
                  const [moved] = copy.splice(i, 1);
                  copy.splice(to, 0, moved!);
                  setList(kind, copy);
                }}
              />
            ))}
            {canEdit && (
              <button type="button" onClick={() => add(kind)}>
                Add {kind === "events" ? "event" : kind === "conditions" ? "condition" : "action"}
              </button>
            )}
          </section>
        );
      })}
      {conflict}
      <MutationError error={error} placed={(path) => path === "rule.name"} />
      <SaveBar
        saveLabel="Save rule"
        deleteLabel="Delete rule"
        dirty={dirty}
        saved={saved}
        busy={busy}
        revision={revision}
        enabled={draft.enabled !== false}
        canEdit={canEdit}
        onCancel={onCancel}
        onDelete={onDelete}
        noun="rule"
        problemCount={problems.length + (nameFault ? 1 : 0)}
        // The form changes only when the save succeeds (the editor then starts over from the
        // saved rule): a refused save leaves the rule as it was, not quietly disabled.
        onSaveDisabled={() => saveIf({ ...draft, enabled: false })}
      />
      {extra}
    </form>
  );
}
