import type {
  ExtensionManifest,
  ItemChange,
  PropertyDiff,
  PropertyDocument,
} from "@liftoff/schema";
import ChangeTable from "../forms/ChangeTable.tsx";
import { itemChanges, type ChangeRow } from "../forms/itemChanges.ts";
import { fieldPathLabel } from "../forms/fieldPathLabel.ts";

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

/** One item of a property document, as the diff names it. */
function itemOf(doc: PropertyDocument, change: ItemChange): unknown {
  switch (change.kind) {
    case "rule":
      return doc.rules.find((r) => r.id === change.id);
    case "dataElement":
      return doc.dataElements.find((d) => d.id === change.id);
    case "extension":
      return doc.extensions.find((e) => e.name === change.id);
    case "environment":
      return doc.environments.find((e) => e.id === change.id);
    case "settings":
      return { company: doc.company, property: doc.property, formatVersion: doc.formatVersion };
  }
}

function rowsOf(change: ItemChange, docs: Documents | undefined): ChangeRow[] {
  if (docs) return itemChanges(itemOf(docs.from, change), itemOf(docs.to, change), docs.catalog);
  return (change.fields ?? []).map((f) => ({
    key: f.path,
    label: fieldPathLabel(f.path),
    change: "changed",
    from: f.from,
    to: f.to,
  }));
}

interface Documents {
  from: PropertyDocument;
  to: PropertyDocument;
  catalog: readonly ExtensionManifest[] | undefined;
}

/**
 * What changed between two revisions, item by item. With both documents at hand each changed
 * field is named by its label and moved components show as moves; without them, the server's
 * field paths are put into words.
 */
export default function DiffView({ diff, docs }: { diff: PropertyDiff; docs?: Documents }) {
  if (diff.changes.length === 0)
    return (
      <p>
        No differences between revision {diff.from} and revision {diff.to}.
      </p>
    );
  return (
    <div className="diff" aria-label={`Changes from revision ${diff.from} to ${diff.to}`}>
      {diff.changes.map((change) => {
        const rows = change.change === "changed" ? rowsOf(change, docs) : [];
        return (
          <section
            key={`${change.kind}:${change.id}`}
            className={`diff-item diff-${change.change}`}
          >
            <h3>
              <span className="badge">{change.change}</span> {KIND_LABEL[change.kind]} “
              {change.name}”
            </h3>
            {rows.length > 0 && (
              <ChangeTable
                rows={rows}
                before={`Revision ${diff.from}`}
                after={`Revision ${diff.to}`}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
