import type { ImportResult, PropertyDocument } from "@liftoff/schema";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { count } from "../layout/count.ts";
import { updateSummary } from "./ExistingProperty.tsx";

/**
 * What an import did (an update from a library also says what it changed), before the
 * property opens: what did not map (extensions kept as opaque scripts, with no settings form)
 * and the import's warnings, so a person sees them once instead of finding out from a broken
 * page. Mapped extensions are listed last.
 */
export default function ImportReport({
  result,
  onDismiss,
}: {
  result: ImportResult;
  onDismiss: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces had focus; the result is the next thing to read.
  useEffect(() => heading.current?.focus(), []);
  const { document } = result.property;
  const { report, update } = result;
  const extensions = report.mapped.filter((m) => !m.from.includes("/"));
  const clean = report.opaque.length === 0 && report.warnings.length === 0;
  const kept = keptFiles(document);
  return (
    <section className="card import-report" aria-labelledby="import-report">
      <h2 id="import-report" ref={heading} tabIndex={-1}>
        {update ? "Updated" : "Imported"} “{document.property.name}”
      </h2>
      {update && (
        <p>
          {update.items.length === 0
            ? "Nothing changed: the property already had everything the library has."
            : `${updateSummary(update)}, as revision ${result.property.revision}; each item’s earlier revisions stay in its history.`}
        </p>
      )}
      <p>
        {update ? "It now has " : ""}
        {count(document.rules.length, "rule")},{" "}
        {count(document.dataElements.length, "data element")} and{" "}
        {count(document.extensions.length, "extension")}.{" "}
        {clean ? "Everything mapped onto Liftoff's extensions." : "Check what did not map:"}
      </p>
      {report.opaque.length > 0 && (
        <>
          <h3>Kept as they are (no settings form)</h3>
          <ul>
            {report.opaque.map((o) => (
              <li key={o.extension}>
                <code>{o.extension}</code>: {o.modules.length} module
                {o.modules.length === 1 ? "" : "s"} kept as the library had them; they run, but
                Liftoff cannot edit their settings.
              </li>
            ))}
          </ul>
        </>
      )}
      {report.warnings.length > 0 && (
        <>
          <h3>Warnings</h3>
          <ul>
            {report.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      )}
      {kept.length > 0 && <p>Files the property keeps and Liftoff serves: {kept.join(", ")}.</p>}
      {extensions.length > 0 && (
        <p className="hint">
          Mapped:{" "}
          {extensions.map((m) => (m.from === m.to ? m.to : `${m.from} → ${m.to}`)).join(", ")}.
        </p>
      )}
      <div className="actions">
        <Link className="button" to={`/properties/${encodeURIComponent(document.property.id)}`}>
          Open {document.property.name}
        </Link>
        <button type="button" onClick={onDismiss}>
          Import another
        </button>
      </div>
    </section>
  );
}

/** The files an import carried (docs/builder.md, "Files the property carries"), by name. */
function keptFiles(document: PropertyDocument): string[] {
  const hosted = document.extensions.flatMap((e) =>
    Object.keys(e.hostedFiles ?? {}).map((name) => `${e.name}/${name}`),
  );
  const code = document.rules.flatMap((r) =>
    r.actions
      .filter((a) => a.settings?.isExternal === true && !isUrl(a.settings.source))
      .map(() => `external code of rule "${r.name}"`),
  );
  return [...hosted, ...code];
}

const isUrl = (value: unknown) => typeof value === "string" && /^(https?:)?\/\//.test(value);
