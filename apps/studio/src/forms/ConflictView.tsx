import type { EditConflict } from "@liftoff/schema";
import { useEffect, useRef, useState } from "react";
import { applyChoices, mergeUnits, type Choice } from "./mergeUnits.ts";

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

/**
 * Someone saved the same item after I loaded it. Shows their version next to mine, field by
 * field, and lets me keep theirs, keep mine, or choose per field. Nothing is saved here: the
 * chosen version goes back into the form, based on their revision, and I save it.
 */
export default function ConflictView<T>({
  conflict,
  mine,
  onResolve,
  onDiscard,
}: {
  conflict: EditConflict;
  mine: T;
  /** The version to continue editing, to be saved on top of `conflict.currentRevision`. */
  onResolve: (next: T) => void;
  /** Drop my edits and load theirs. */
  onDiscard: () => void;
}) {
  const theirs = conflict.current;
  const units = theirs === null ? [] : mergeUnits(mine, theirs);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const view = useRef<HTMLElement>(null);
  // It appears where Save was pressed; bring all of it into view (jsdom has no scrolling).
  // Braces: Chromium's scrollIntoView now returns a promise, which is no effect cleanup.
  useEffect(() => {
    void view.current?.scrollIntoView?.({ block: "start" });
  }, []);
  const when = new Date(conflict.changedAt).toLocaleString();
  const what = `${KIND[conflict.resource.kind]} “${conflict.resource.name}”`;
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
                  const choice = choices[unit.key] ?? "mine";
                  const pick = (c: Choice) => setChoices((all) => ({ ...all, [unit.key]: c }));
                  return (
                    <tr key={unit.key}>
                      <th scope="row">{unit.label}</th>
                      <td data-label={`Theirs (${conflict.changedBy})`}>
                        <ShowValue value={unit.theirs} />
                      </td>
                      <td data-label="Yours">
                        <ShowValue value={unit.mine} />
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
          )}
          <div className="actions">
            <button type="button" onClick={() => onResolve(applyChoices(mine, theirs, choices))}>
              Merge selected
            </button>
            <button type="button" className="secondary" onClick={() => onResolve(mine)}>
              Keep mine
            </button>
            <button type="button" className="secondary" onClick={onDiscard}>
              Keep theirs
            </button>
          </div>
          <p className="muted">
            Your choice goes back into the form; review it and save to make it the newest revision.
          </p>
        </>
      )}
    </section>
  );
}
