import type {
  ModuleKind,
  PropertyRuleAction,
  PropertyRuleCondition,
  PropertyRuleEvent,
} from "@liftoff/schema";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  findModule,
  modulesOfKind,
  settingsSchemaOf,
  useCatalog,
} from "../extensions/useCatalog.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import { problemsAt, problemsUnder, type PathMessage } from "../forms/problems.ts";
import SettingsForm from "../forms/SettingsForm.tsx";
import { initialSettings } from "../forms/schemaType.ts";
import { componentDetails } from "./componentDetails.ts";
import { usePlatform } from "../properties/platform.ts";

export type RuleComponent = PropertyRuleEvent & PropertyRuleCondition & PropertyRuleAction;
export type ComponentKind = "events" | "conditions" | "actions";

const MODULE_KIND: Record<ComponentKind, ModuleKind> = {
  events: "event",
  conditions: "condition",
  actions: "action",
};
const NOUN: Record<ComponentKind, string> = {
  events: "Event",
  conditions: "Condition",
  actions: "Action",
};

/**
 * One event, condition or action of a rule: its module, the module's settings form, and the
 * options of its kind (order for events; negate and timeout for conditions; timeout and
 * "wait before the next action" for actions). Collapsed, it shows one line saying what it does.
 */
export default function ComponentCard({
  kind,
  index,
  count,
  value,
  onChange,
  onMove,
  onRemove,
  problems,
  readOnly,
  sequencing,
  startOpen,
  focusOnMount = false,
}: {
  kind: ComponentKind;
  index: number;
  count: number;
  value: RuleComponent;
  onChange: (value: RuleComponent) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Problems relative to this component. */
  problems: readonly PathMessage[];
  readOnly: boolean;
  /** Timeouts only apply when the property runs rule components in sequence. */
  sequencing: boolean;
  /** Whether the card starts expanded (rules with few components, new components, problems). */
  startOpen: boolean;
  /** Just added with "Add …": its type takes the focus, so the keyboard is where it appeared. */
  focusOnMount?: boolean;
}) {
  // Order, timeouts and waiting belong to the page's engine; server rules run in order, each
  // action once, so an event forwarding rule's components have only Negate.
  const onPage = usePlatform() === "web";
  const id = `${kind}-${index}`;
  // A link to this component (`#conditions-0-title`, from the preview panel or the problems
  // page) opens it and brings it into view once.
  const targeted = useLocation().hash === `#${id}-title`;
  const [open, setOpen] = useState(startOpen || targeted);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (targeted) section.current?.scrollIntoView?.({ block: "center" });
  }, [targeted]);
  useEffect(() => {
    if (focusOnMount) document.getElementById(`${id}-module`)?.focus();
    // Once, when the card first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const catalog = useCatalog().data;
  const modules = modulesOfKind(catalog, MODULE_KIND[kind]);
  const module = findModule(catalog, value.modulePath);
  const noun = NOUN[kind];
  const title = `${noun} ${index + 1}`;
  const set = (patch: Partial<RuleComponent>) => onChange({ ...value, ...patch });
  const details = componentDetails(module, value.settings);
  const numberOrUndefined = (text: string) => (text === "" ? undefined : Number(text));

  return (
    <section ref={section} className="component-card" aria-labelledby={`${id}-title`}>
      <header>
        <h3 className="component-title">
          <button
            type="button"
            className="disclosure"
            aria-expanded={open}
            aria-controls={open ? `${id}-body` : undefined}
            onClick={() => setOpen(!open)}
          >
            <span id={`${id}-title`}>
              {title}: {module?.displayName ?? value.modulePath}
              {value.negate && <span className="badge">not</span>}
            </span>
            {!open && details && <span className="component-summary">{details}</span>}
          </button>
        </h3>
        {!readOnly && (
          <div className="row-actions">
            <button
              type="button"
              aria-label={`Move up ${title}`}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              Move up
            </button>
            <button
              type="button"
              aria-label={`Move down ${title}`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              Move down
            </button>
            <button
              type="button"
              className="danger"
              aria-label={`Remove ${title}`}
              onClick={onRemove}
            >
              Remove
            </button>
          </div>
        )}
      </header>
      <FieldProblems id={`${id}-problems`} messages={problemsAt(problems, "")} />
      {open && (
        <div id={`${id}-body`}>
          <div className="field">
            <label htmlFor={`${id}-module`}>{noun} type</label>
            <select
              id={`${id}-module`}
              disabled={readOnly}
              value={value.modulePath}
              onChange={(e) => {
                const next = findModule(catalog, e.target.value);
                set({ modulePath: e.target.value, settings: next ? initialSettings(next) : {} });
              }}
            >
              {!module && <option value={value.modulePath}>{value.modulePath || "—"}</option>}
              {modules.map((m) => (
                <option key={m.path} value={m.path}>
                  {m.displayName}
                </option>
              ))}
            </select>
            <FieldProblems
              id={`${id}-module-problems`}
              messages={problemsAt(problems, "modulePath")}
            />
          </div>
          {module && (
            <SettingsForm
              idPrefix={`${id}-settings`}
              schema={settingsSchemaOf(module)}
              value={value.settings}
              onChange={(settings) => set({ settings })}
              problems={problemsUnder(problems, "settings")}
              readOnly={readOnly}
            />
          )}
          <div className="component-options">
            {kind === "events" && onPage && (
              <div className="field">
                <label htmlFor={`${id}-order`}>Order</label>
                <input
                  id={`${id}-order`}
                  type="number"
                  readOnly={readOnly}
                  placeholder="50"
                  value={value.ruleOrder ?? ""}
                  onChange={(e) => set({ ruleOrder: numberOrUndefined(e.target.value) })}
                />
                <FieldProblems
                  id={`${id}-order-problems`}
                  messages={problemsAt(problems, "ruleOrder")}
                />
              </div>
            )}
            {kind === "conditions" && (
              <div className="field field-check">
                <label>
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={value.negate === true}
                    onChange={(e) => set({ negate: e.target.checked || undefined })}
                  />
                  Negate (passes when the condition does not)
                </label>
              </div>
            )}
            {kind !== "events" && onPage && (
              <div className="field">
                <label htmlFor={`${id}-timeout`}>Timeout (ms)</label>
                <input
                  id={`${id}-timeout`}
                  type="number"
                  min={0}
                  readOnly={readOnly}
                  placeholder="2000"
                  value={value.timeout ?? ""}
                  aria-describedby={`${id}-timeout-hint`}
                  onChange={(e) => set({ timeout: numberOrUndefined(e.target.value) })}
                />
                <small id={`${id}-timeout-hint`} className="hint">
                  {sequencing
                    ? "How long the next component waits for this one."
                    : "Only used when rule components run in sequence (property settings)."}
                </small>
                <FieldProblems
                  id={`${id}-timeout-problems`}
                  messages={problemsAt(problems, "timeout")}
                />
              </div>
            )}
            {kind === "actions" && onPage && (
              <div className="field field-check">
                <label>
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={value.delayNext === true}
                    onChange={(e) => set({ delayNext: e.target.checked || undefined })}
                  />
                  Wait for this action before running the next
                </label>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
