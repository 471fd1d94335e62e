import { NavLink, Outlet, useParams } from "react-router";
import { TokenNamesContext } from "../forms/TokenNamesContext.ts";
import { useProperty } from "../properties/useProperty.ts";
import { usePropertyChanges } from "../properties/usePropertyChanges.ts";
import QueryState from "./QueryState.tsx";
import { count } from "./count.ts";

const SECTIONS = [
  ["rules", "Rules"],
  ["data-elements", "Data elements"],
  ["extensions", "Extensions"],
  ["libraries", "Publishing"],
  ["preview", "Preview"],
  ["environments", "Environments"],
  ["revisions", "History"],
  ["events", "Events"],
  ["reports", "Reports"],
  ["audit", "Audit log"],
  ["settings", "Settings"],
] as const;

/**
 * A property's pages: its sections on the side, its data element names for `%` completion,
 * and its change stream, which keeps them current while colleagues save.
 */
export default function PropertyLayout() {
  const pid = useParams().pid!;
  const property = useProperty(pid);
  // Colleagues' saves reach every page of the property as they happen.
  usePropertyChanges(pid);
  const names = property.data?.document.dataElements.map((d) => d.name) ?? [];
  return (
    <div className="property">
      <nav className="sidenav" aria-label="Property">
        <h2 className="property-name">{property.data?.document.property.name ?? pid}</h2>
        {property.data && (
          <p className="muted">
            Property revision {property.data.revision}
            {property.data.problems.length > 0 && (
              <>
                {" · "}
                <NavLink to="problems" className="warn">
                  {count(property.data.problems.length, "problem")}
                </NavLink>
              </>
            )}
          </p>
        )}
        <ul>
          {SECTIONS.map(([path, label]) => (
            <li key={path}>
              <NavLink to={path}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="page">
        <QueryState query={property}>
          <TokenNamesContext.Provider value={names}>
            <Outlet />
          </TokenNamesContext.Provider>
        </QueryState>
      </main>
    </div>
  );
}
