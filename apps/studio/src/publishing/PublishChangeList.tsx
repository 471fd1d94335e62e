import type { LibraryResourceKind } from "@liftoff/schema";
import type { PublishChange } from "./publishChanges.ts";

const KIND: Record<LibraryResourceKind, string> = {
  rule: "Rule",
  dataElement: "Data element",
  extension: "Extension",
};

/** What a publish changes in production, one resource a line, by name. */
export default function PublishChangeList({ changes }: { changes: PublishChange[] }) {
  if (changes.length === 0)
    return <p>No resource changes: production keeps what it serves, rebuilt.</p>;
  return (
    <>
      <p>
        {changes.length} resource{changes.length === 1 ? "" : "s"} change in production:
      </p>
      <ul className="plain publish-changes" aria-label="Changes in production">
        {changes.map((c) => (
          <li key={`${c.kind}:${c.id}`}>
            <span className={`badge change-${c.change.toLowerCase()}`}>{c.change}</span>{" "}
            {KIND[c.kind]} “{c.name}”
          </li>
        ))}
      </ul>
    </>
  );
}
