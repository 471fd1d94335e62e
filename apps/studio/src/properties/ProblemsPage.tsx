import type { PropertyProblem } from "@liftoff/schema";
import { Link, useParams } from "react-router";
import { useCatalog } from "../extensions/useCatalog.ts";
import { problemLink } from "./problemLinks.ts";
import { problemPlace } from "./problemPlace.ts";
import { useProperty } from "./useProperty.ts";
import { count } from "../layout/count.ts";

/** The validation problems of the current revision (builds refuse while there are any). */
export default function ProblemsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const catalog = useCatalog().data;
  // Each problem is named by the labels of the forms that fix it, never by its raw path.
  const place = (path: string) => problemPlace(state.document, catalog, path);
  // Warnings (unknown tokens, rules with no event, leaking variables) never stop a build.
  const warnings = state.warnings ?? [];
  // Disabled items' problems never stop a build; they are what enabling the item needs.
  const disabled = state.disabledProblems ?? [];
  /** One list of findings, each linked to the form that fixes it. */
  const list = (problems: PropertyProblem[], warning = false) => (
    <ul className={warning ? "problem-list warning-list" : "problem-list"}>
      {problems.map((p) => (
        <li key={`${p.path}:${p.message}`}>
          {warning && (
            <>
              <strong className="warning-label">Warning</strong>{" "}
            </>
          )}
          <Link to={`../${problemLink(state.document, p.path)}`} relative="path">
            {warning ? (p.where ?? place(p.path)) : place(p.path)}
          </Link>
          : {p.message}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <h1>Problems</h1>
      {state.problems.length === 0 ? (
        <p>Revision {state.revision} has no validation problems; it can be built.</p>
      ) : (
        <>
          <p>
            Revision {state.revision} has {count(state.problems.length, "problem")}. Libraries
            cannot be built until they are fixed.
          </p>
          {list(state.problems)}
        </>
      )}
      {disabled.length > 0 && (
        <section aria-labelledby="disabled-heading">
          <h2 id="disabled-heading">Disabled items ({disabled.length})</h2>
          <p>
            Unfinished work saved disabled: no build includes it. Fix these before enabling the
            item.
          </p>
          {list(disabled)}
        </section>
      )}
      {warnings.length > 0 && (
        <section aria-labelledby="warnings-heading">
          <h2 id="warnings-heading">Warnings ({warnings.length})</h2>
          <p>These do not stop builds, but pages may not do what the property means.</p>
          {list(warnings, true)}
        </section>
      )}
    </>
  );
}
