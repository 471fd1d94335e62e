import { Link, useParams } from "react-router";
import { useCatalog } from "../extensions/useCatalog.ts";
import { problemLink } from "./problemLinks.ts";
import { problemPlace } from "./problemPlace.ts";
import { useProperty } from "./useProperty.ts";

/** The validation problems of the current revision (builds refuse while there are any). */
export default function ProblemsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const catalog = useCatalog().data;
  // Each problem is named by the labels of the forms that fix it, never by its raw path.
  const place = (path: string) => problemPlace(state.document, catalog, path);
  // Warnings (shared-variable leaks) are listed apart: they never stop a build.
  const warnings = state.warnings ?? [];
  // Disabled items' problems never stop a build; they are what enabling the item needs.
  const disabled = state.disabledProblems ?? [];
  return (
    <>
      <h1>Problems</h1>
      {state.problems.length === 0 ? (
        <p>Revision {state.revision} has no validation problems; it can be built.</p>
      ) : (
        <>
          <p>
            Revision {state.revision} has {state.problems.length} problems. Libraries cannot be
            built until they are fixed.
          </p>
          <ul className="problem-list">
            {state.problems.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                <Link to={`../${problemLink(state.document, p.path)}`} relative="path">
                  {place(p.path)}
                </Link>
                : {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {disabled.length > 0 && (
        <section aria-labelledby="disabled-heading">
          <h2 id="disabled-heading">Disabled items ({disabled.length})</h2>
          <p>
            Unfinished work saved disabled: no build includes it. Fix these before enabling the
            item.
          </p>
          <ul className="problem-list">
            {disabled.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                <Link to={`../${problemLink(state.document, p.path)}`} relative="path">
                  {place(p.path)}
                </Link>
                : {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {warnings.length > 0 && (
        <section aria-labelledby="warnings-heading">
          <h2 id="warnings-heading">Warnings ({warnings.length})</h2>
          <p>These do not stop builds, but events may carry values they should not.</p>
          <ul className="problem-list warning-list">
            {warnings.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                <strong className="warning-label">Warning</strong>{" "}
                <Link to={`../${problemLink(state.document, p.path)}`} relative="path">
                  {p.where ?? place(p.path)}
                </Link>
                : {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
