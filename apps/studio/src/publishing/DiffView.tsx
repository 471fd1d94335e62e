import type { ItemChange, PropertyDiff } from "@liftoff/schema";

const KIND_LABEL: Record<ItemChange["kind"], string> = {
  rule: "Rule",
  dataElement: "Data element",
  extension: "Extension",
  environment: "Environment",
  settings: "Settings",
};

/** Values as short JSON; `undefined` (a field added or removed) shows as an em dash. */
export function showValue(value: unknown): string {
  if (value === undefined) return "—";
  const text = JSON.stringify(value, null, 1) ?? "—";
  return text.replace(/\n\s*/g, " ");
}

/** What changed between two revisions, item by item, with each changed field's before and after. */
export default function DiffView({ diff }: { diff: PropertyDiff }) {
  if (diff.changes.length === 0)
    return (
      <p>
        No differences between revision {diff.from} and revision {diff.to}.
      </p>
    );
  return (
    <div className="diff" aria-label={`Changes from revision ${diff.from} to ${diff.to}`}>
      {diff.changes.map((change) => (
        <section key={`${change.kind}:${change.id}`} className={`diff-item diff-${change.change}`}>
          <h3>
            <span className="badge">{change.change}</span> {KIND_LABEL[change.kind]} “{change.name}”
          </h3>
          {change.fields && change.fields.length > 0 && (
            <table className="diff-fields">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Revision {diff.from}</th>
                  <th scope="col">Revision {diff.to}</th>
                </tr>
              </thead>
              <tbody>
                {change.fields.map((field) => (
                  <tr key={field.path}>
                    <th scope="row">
                      <code>{field.path}</code>
                    </th>
                    <td>
                      <del>{showValue(field.from)}</del>
                    </td>
                    <td>
                      <ins>{showValue(field.to)}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
