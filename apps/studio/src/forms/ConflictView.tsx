import type { EditConflict } from "@liftoff/schema";
import { useEffect, useRef, useState } from "react";
import { findModule, moduleLabel, useCatalog } from "../extensions/useCatalog.ts";
import {
  applyChoices,
  defaultChoice,
  mergeUnits,
  type Choice,
  type MergeUnit,
} from "./mergeUnits.ts";
import { humanize } from "./schemaType.ts";

const KIND: Record<EditConflict["resource"]["kind"], string> = {
  rule: "rule",
  dataElement: "data element",
  extension: "extension",
  environment: "environment",
  settings: "property settings",
};

/** A value as people read it: text as is, anything else as indented JSON; absent as "—". */
export function ShowValue({ value }: { value: unknown }) {
  if (value === undefined) return <span className="muted">— (none)</span>;
  return (
    <pre className="value">
      {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}

type Catalog = ReturnType<typeof useCatalog>["data"];

/**
 * One side of a unit as the form would show it: a whole rule component as its type and
 * settings by their titles (never its id or module path), `Enabled` left unset as on.
 */
function UnitValue({
  unit,
  value,
  catalog,
}: {
  unit: MergeUnit;
  value: unknown;
  catalog: Catalog;
}) {
  if (unit.order)
    return (
      <ShowValue value={value === unit.mine ? unit.order.shown.mine : unit.order.shown.theirs} />
    );
  if (unit.key === "enabled" && value === undefined) return <ShowValue value="Yes" />;
  if (typeof value === "boolean") return <ShowValue value={value ? "Yes" : "No"} />;
  if (
    typeof value === "object" &&
    value !== null &&
    "modulePath" in value &&
    typeof value.modulePath === "string"
  ) {
    const component = value as { modulePath: string; settings?: Record<string, unknown> };
    const fields = findModule(catalog, component.modulePath)?.settings.properties;
    const lines = Object.entries(component.settings ?? {}).map(
      ([k, v]) =>
        `${fields?.[k]?.title ?? humanize(k)}: ${typeof v === "string" ? v : JSON.stringify(v)}`,
    );
    return <ShowValue value={[moduleLabel(catalog, component.modulePath), ...lines].join("\n")} />;
  }
  return <ShowValue value={value} />;
}

const CHANGED: Record<MergeUnit["changedBy"], string> = {
  mine: "your change",
  theirs: "their change",
  both: "changed by both",
};

/**
 * Someone saved the same item after I loaded it. Compares three versions, field by field:
 * the one my edits started from (`base`), mine, and theirs. A field only I changed keeps
 * mine, one only they changed takes theirs, and one we both changed differently is marked
 * and must be chosen before the merge goes back into the form. Nothing is saved here: the
 * merged version goes back into the form, based on their revision, and I save it.
 */
export default function ConflictView<T>({
  conflict,
  base,
  mine,
  theirs = conflict.current as T | null,
  onResolve,
  onDiscard,
}: {
  conflict: EditConflict;
  /** The version my edits started from. */
  base: T | undefined;
  mine: T;
  /** Their version, when it is shaped differently from the conflict's `current`. */
  theirs?: T | null;
  /** The version to continue editing, to be saved on top of `conflict.currentRevision`. */
  onResolve: (next: T) => void;
  /** Drop my edits and load theirs. */
  onDiscard: () => void;
}) {
  const catalog = useCatalog().data;
  const units = theirs === null ? [] : mergeUnits(base, mine, theirs, catalog);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const view = useRef<HTMLElement>(null);
  // It appears where Save was pressed; bring all of it into view (jsdom has no scrolling).
  // Braces: Chromium's scrollIntoView now returns a promise, which is no effect cleanup.
  useEffect(() => {
    void view.current?.scrollIntoView?.({ block: "start" });
  }, []);
  const when = new Date(conflict.changedAt).toLocaleString();
  const what = `${KIND[conflict.resource.kind]} “${conflict.resource.name}”`;
  const count = (by: MergeUnit["changedBy"]) => units.filter((u) => u.changedBy === by).length;
  const open = units.filter((u) => (choices[u.key] ?? defaultChoice(u)) === undefined).length;
  const fields = (n: number) => (n === 1 ? "1 field" : `${n} fields`);
  return (
    <section ref={view} className="conflict card" role="alert" aria-label="Edit conflict">
      <h2>Someone else changed this {KIND[conflict.resource.kind]}</h2>
      <p>
        <strong>{conflict.changedBy}</strong> {theirs === null ? "deleted" : "saved"} {what} at{" "}
        {when} (revision {conflict.currentRevision}); you started from revision{" "}
        {conflict.yourRevision}. Nothing of yours was saved yet, and nothing is lost.
      </p>
      {theirs === null ? (
        <div className="actions">
          <button type="button" onClick={() => onResolve(mine)}>
            Restore it with my version
          </button>
          <button type="button" className="secondary" onClick={onDiscard}>
            Discard my edits
          </button>
        </div>
      ) : (
        <>
          {units.length === 0 ? (
            <p>Their version is the same as yours.</p>
          ) : (
            <>
              <p>
                {[
                  count("theirs") > 0 &&
                    `${fields(count("theirs"))} only they changed: theirs taken`,
                  count("mine") > 0 && `${fields(count("mine"))} only you changed: yours kept`,
                ]
                  .filter(Boolean)
                  .join("; ")}
                {count("both") > 0 && (
                  <>
                    {count("both") < units.length && "; "}
                    <strong>{fields(count("both"))} changed by both: choose which to keep</strong>
                  </>
                )}
                .
              </p>
              <table className="merge">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Theirs ({conflict.changedBy})</th>
                    <th scope="col">Yours</th>
                    <th scope="col">Keep</th>
                  </tr>
                </thead>
                <tbody>
                  {units.map((unit) => {
                    const choice = choices[unit.key] ?? defaultChoice(unit);
                    const pick = (c: Choice) => setChoices((all) => ({ ...all, [unit.key]: c }));
                    return (
                      <tr key={unit.key} className={`merge-${unit.changedBy}`}>
                        <th scope="row">
                          {unit.label}{" "}
                          <span className={unit.changedBy === "both" ? "badge warn" : "badge"}>
                            {CHANGED[unit.changedBy]}
                          </span>
                        </th>
                        <td data-label={`Theirs (${conflict.changedBy})`}>
                          <UnitValue unit={unit} value={unit.theirs} catalog={catalog} />
                        </td>
                        <td data-label="Yours">
                          <UnitValue unit={unit} value={unit.mine} catalog={catalog} />
                        </td>
                        <td data-label="Keep">
                          <fieldset className="choice">
                            <legend className="sr-only">Keep for {unit.label}</legend>
                            <label>
                              <input
                                type="radio"
                                name={`keep-${unit.key}`}
                                checked={choice === "theirs"}
                                onChange={() => pick("theirs")}
                              />
                              Theirs
                            </label>
                            <label>
                              <input
                                type="radio"
                                name={`keep-${unit.key}`}
                                checked={choice === "mine"}
                                onChange={() => pick("mine")}
                              />
                              Mine
                            </label>
                          </fieldset>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </>
          )}
          <div className="actions">
            <button
              type="button"
              disabled={open > 0}
              aria-describedby={open > 0 ? "merge-open" : undefined}
              onClick={() => onResolve(applyChoices(base, mine, theirs, choices))}
            >
              Merge selected
            </button>
            <button type="button" className="secondary" onClick={() => onResolve(mine)}>
              Keep mine
            </button>
            <button type="button" className="secondary" onClick={onDiscard}>
              Keep theirs
            </button>
          </div>
          {open > 0 ? (
            <p id="merge-open" className="hint">
              Choose Theirs or Mine for the {fields(open)} changed by both to merge.
            </p>
          ) : (
            <p className="muted">
              The merge goes back into the form; review it and save to make it the newest revision.
            </p>
          )}
        </>
      )}
    </section>
  );
}
