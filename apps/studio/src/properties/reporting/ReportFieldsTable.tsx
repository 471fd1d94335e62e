import { REPORTING_LIMITS, type ReportField } from "@liftoff/schema";
import FieldProblems from "../../forms/FieldProblems.tsx";
import { problemsAt, type PathMessage } from "../../forms/problems.ts";
import ListItemActions, { focusNewEntry, useListFocus } from "./ListItemActions.tsx";
import { moved, newField, replaced } from "./reportingDraft.ts";

interface Props {
  fields: ReportField[];
  onChange: (fields: ReportField[]) => void;
  /** Problems relative to `reporting` (`fields[0].paths[1]`). */
  problems: readonly PathMessage[];
  readOnly: boolean;
}

/**
 * The property's report fields as a table: one row per field with its name, label and the
 * paths tried in order. Every box is named for screen readers by its row ("Name of field 2");
 * on a phone the rows stack and each box shows its column's name above it.
 */
export default function ReportFieldsTable({ fields, onChange, problems, readOnly }: Props) {
  const list = useListFocus("rep-fields");
  const at = (path: string) => problemsAt(problems, path);
  const set = (i: number, field: ReportField) => onChange(replaced(fields, i, field));
  return (
    <>
      <FieldProblems id="rep-fields-problems" messages={at("fields")} />
      {fields.length === 0 ? (
        <p className="muted">No fields yet: reports can group by the generic fields below.</p>
      ) : (
        <div className="table-scroll">
          <table className="reporting-fields">
            <thead>
              <tr>
                <th scope="col" className="reporting-name">
                  Name
                </th>
                <th scope="col" className="reporting-label">
                  Label
                </th>
                <th scope="col">Paths, tried in order</th>
                {!readOnly && (
                  <th scope="col">
                    <span className="sr-only">Order and removal</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody id="rep-fields">
              {fields.map((field, i) => {
                const id = `rep-f${i}`;
                const row = `field ${i + 1}`;
                const cell = (key: "name" | "label", heading: string) => (
                  <td data-label={heading}>
                    <input
                      id={`${id}-${key}`}
                      aria-label={`${heading} of ${row}`}
                      aria-invalid={at(`fields[${i}].${key}`).length > 0}
                      aria-describedby={`${id}-${key}-problems`}
                      value={field[key]}
                      readOnly={readOnly}
                      spellCheck={key === "label"}
                      onChange={(e) => set(i, { ...field, [key]: e.target.value })}
                    />
                    <FieldProblems
                      id={`${id}-${key}-problems`}
                      messages={at(`fields[${i}].${key}`)}
                    />
                  </td>
                );
                return (
                  <tr key={i}>
                    {cell("name", "Name")}
                    {cell("label", "Label")}
                    <td data-label="Paths, tried in order">
                      <FieldProblems
                        id={`${id}-problems`}
                        messages={[...at(`fields[${i}]`), ...at(`fields[${i}].paths`)]}
                      />
                      <PathList
                        id={id}
                        row={row}
                        paths={field.paths}
                        problems={problems}
                        problemPrefix={`fields[${i}].paths`}
                        readOnly={readOnly}
                        onChange={(paths) => set(i, { ...field, paths })}
                      />
                    </td>
                    {!readOnly && (
                      <td>
                        <ListItemActions
                          noun="field"
                          index={i}
                          count={fields.length}
                          focus={list}
                          onChange={(from, to) =>
                            onChange(
                              to === undefined
                                ? fields.filter((_, j) => j !== from)
                                : moved(fields, from, to),
                            )
                          }
                        />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {!readOnly && (
        <button
          type="button"
          id="rep-fields-add"
          disabled={fields.length >= REPORTING_LIMITS.fields}
          onClick={() => {
            focusNewEntry(list, fields.length);
            onChange([...fields, newField()]);
          }}
        >
          Add field
        </button>
      )}
    </>
  );
}

/** A field's paths: up to four boxes, the first path holding a value wins. */
function PathList({
  id,
  row,
  paths,
  problems,
  problemPrefix,
  readOnly,
  onChange,
}: {
  id: string;
  row: string;
  paths: string[];
  problems: readonly PathMessage[];
  problemPrefix: string;
  readOnly: boolean;
  onChange: (paths: string[]) => void;
}) {
  const list = useListFocus(`${id}-paths`);
  return (
    <>
      <ol className="reporting-paths" id={`${id}-paths`}>
        {paths.map((path, j) => {
          const messages = problemsAt(problems, `${problemPrefix}[${j}]`);
          return (
            <li key={j}>
              <input
                id={`${id}-path${j}`}
                aria-label={`Path ${j + 1} of ${row}`}
                aria-invalid={messages.length > 0}
                aria-describedby={`${id}-path${j}-problems`}
                placeholder="xdm.… or data.…"
                // Long paths overflow the box: the whole path on hover.
                title={path}
                spellCheck={false}
                autoCapitalize="off"
                value={path}
                readOnly={readOnly}
                onChange={(e) => onChange(replaced(paths, j, e.target.value))}
              />
              {!readOnly && paths.length > 1 && (
                <button
                  type="button"
                  className="link"
                  data-action="remove"
                  aria-label={`Remove path ${j + 1} of ${row}`}
                  onClick={() => {
                    list(j < paths.length - 1 ? j : j - 1, "input");
                    onChange(paths.filter((_, k) => k !== j));
                  }}
                >
                  Remove
                </button>
              )}
              <FieldProblems id={`${id}-path${j}-problems`} messages={messages} />
            </li>
          );
        })}
      </ol>
      {!readOnly && paths.length < REPORTING_LIMITS.paths && (
        <button
          type="button"
          className="link"
          id={`${id}-paths-add`}
          aria-label={`Add a path to ${row}`}
          onClick={() => {
            list(paths.length, "input");
            onChange([...paths, ""]);
          }}
        >
          Add path
        </button>
      )}
    </>
  );
}
