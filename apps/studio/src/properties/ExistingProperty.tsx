import type { ImportResult, ImportUpdate, LibraryResourceKind } from "@liftoff/schema";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../api/ApiError.ts";
import type { ImportAgain } from "../api/createStudioApi.ts";
import MutationError from "../forms/MutationError.tsx";
import { count } from "../layout/count.ts";

const NOUN: Record<LibraryResourceKind, [string, string]> = {
  rule: ["rule", "rules"],
  dataElement: ["data element", "data elements"],
  extension: ["extension", "extensions"],
};
const KINDS = Object.keys(NOUN) as LibraryResourceKind[];
const CHANGES = ["added", "changed", "deleted"] as const;

/** "1 rule changed; 1 data element added, 1 deleted": the nonzero counts, kind by kind. */
export function updateSummary(update: ImportUpdate): string {
  const parts = KINDS.flatMap((kind) => {
    const counts = update.counts[kind];
    const said = CHANGES.filter((c) => counts[c] > 0).map((c, i) =>
      i === 0 ? `${count(counts[c], ...NOUN[kind])} ${c}` : `${counts[c]} ${c}`,
    );
    return said.length > 0 ? [said.join(", ")] : [];
  });
  return parts.join("; ");
}

/** The property a 409 `property-exists` names, or undefined for any other error. */
export function existingOf(error: unknown): { id: string; name: string } | undefined {
  return error instanceof ApiError ? error.problem.existing : undefined;
}

const isStale = (error: unknown) =>
  error instanceof ApiError && error.problem.type.endsWith(":property-changed");

/**
 * A library imported again whose property is already here: open that property, import the
 * library as a separate copy, or update the property from it. An update first shows what it
 * would add, change and delete (a dry run), and is applied only at the revision shown: if
 * someone saves meanwhile, the server refuses it and the new comparison is shown instead.
 */
export default function ExistingProperty({
  existing,
  send,
  onImported,
  onCancel,
}: {
  existing: { id: string; name: string };
  /** The same file or folder again, with what to do this time. */
  send: (again: ImportAgain) => Promise<ImportResult>;
  onImported: (result: ImportResult) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const preview = useRef<HTMLHeadingElement>(null);
  // The form this replaces had focus; the choice is the next thing to read.
  useEffect(() => heading.current?.focus(), []);
  const [staleBy, setStaleBy] = useState<string | null>(null);
  const dryRun = useMutation({ mutationFn: () => send({ mode: "update", dryRun: true }) });
  const apply = useMutation({
    mutationFn: (again: ImportAgain) => send(again),
    onSuccess: onImported,
    onError: (error) => {
      if (!isStale(error) || !(error instanceof ApiError)) return;
      // What was confirmed is out of date: show what the update does now.
      setStaleBy(error.problem.stale?.changedBy ?? "someone");
      dryRun.mutate();
    },
  });
  const update = dryRun.data?.update;
  // Each comparison, the first or one after a refused confirmation, is the next thing to read.
  useEffect(() => {
    if (update) preview.current?.focus();
  }, [update]);
  const name = `“${existing.name}”`;
  const busy = dryRun.isPending || apply.isPending;
  return (
    <section className="card import-again" aria-labelledby="import-again">
      <h2 id="import-again" ref={heading} tabIndex={-1}>
        {name} is already here
      </h2>
      <p>
        This library belongs to a property Liftoff already has. Open it, import the library as a
        separate property, or update {name} with the library’s rules, data elements and extensions.
      </p>
      <div className="actions">
        <Link className="button" to={`/properties/${encodeURIComponent(existing.id)}`}>
          Open {name}
        </Link>
        <button type="button" disabled={busy} onClick={() => apply.mutate({ mode: "copy" })}>
          Import as a copy
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setStaleBy(null);
            dryRun.mutate();
          }}
        >
          Update {name}
        </button>
        <button type="button" className="quiet" onClick={onCancel}>
          Choose another file
        </button>
      </div>
      <p className="hint">
        A copy gets its own ids and datastreams and a name ending in “(copy)”. An update keeps the
        property’s settings, environments and libraries, and each changed item’s history.
      </p>
      <p role="status" className="hint">
        {dryRun.isPending
          ? `Comparing the library with ${name}…`
          : apply.isPending
            ? "Importing…"
            : ""}
      </p>
      {update && !dryRun.isPending && (
        <div className="import-update">
          <h3 ref={preview} tabIndex={-1}>
            What the update changes
          </h3>
          {staleBy !== null && (
            <p className="field-warning">
              {staleBy} changed {name} meanwhile, so nothing was saved. This is what the update
              changes now.
            </p>
          )}
          {update.items.length === 0 ? (
            <p>{name} already has everything this library has: there is nothing to update.</p>
          ) : (
            <>
              <p>
                {updateSummary(update)} (from revision {update.fromRevision} of {name}).
              </p>
              <ul>
                {update.items.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <span className={`verb verb-${item.change}`}>{item.change}</span>{" "}
                    {NOUN[item.kind][0]} “{item.name}”
                  </li>
                ))}
              </ul>
              <div className="actions">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => apply.mutate({ mode: "update", revision: update.fromRevision })}
                >
                  Confirm update
                </button>
                <button
                  type="button"
                  className="quiet"
                  disabled={busy}
                  onClick={() => dryRun.reset()}
                >
                  Cancel
                </button>
              </div>
            </>
          )}
        </div>
      )}
      <MutationError error={dryRun.error} />
      {!isStale(apply.error) && <MutationError error={apply.error} />}
    </section>
  );
}
