import { NavLink, Outlet, useParams } from "react-router";
import { TokenNamesContext } from "../forms/TokenNamesContext.ts";
import { PLATFORM_LABELS, PlatformContext, platformOf } from "../properties/platform.ts";
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
  ["deliveries", "Deliveries"],
  ["forwarding", "Forwarding"],
  ["revisions", "History"],
  ["events", "Events"],
  ["reports", "Reports"],
  ["audit", "Audit log"],
  ["settings", "Settings"],
] as const;

/** What only event forwarding properties have: their deliveries, secrets and outbound hosts. */
const EDGE_ONLY = new Set<string>(["deliveries", "forwarding"]);
/**
 * What only web properties have: a preview tab runs a web library, and events and reports
 * are the datastreams' of a web property (a forwarding property's events arrive through them).
 */
const WEB_ONLY = new Set<string>(["preview", "events", "reports"]);

/**
 * A property's pages: its sections on the side, its data element names for `%` completion,
 * its platform (web or event forwarding: which modules and token syntax its forms offer),
 * and its change stream, which keeps them current while colleagues save.
 */
export default function PropertyLayout() {
  const pid = useParams().pid!;
  const property = useProperty(pid);
  // Colleagues' saves reach every page of the property as they happen.
  usePropertyChanges(pid);
  const names = property.data?.document.dataElements.map((d) => d.name) ?? [];
  const platform = property.data ? platformOf(property.data.document) : "web";
  return (
    <div className="property">
      <nav className="sidenav" aria-label="Property">
        <h2 className="property-name">{property.data?.document.property.name ?? pid}</h2>
        {platform === "edge" && <p className="badge platform-badge">{PLATFORM_LABELS.edge}</p>}
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
          {SECTIONS.filter(([path]) =>
            platform === "edge" ? !WEB_ONLY.has(path) : !EDGE_ONLY.has(path),
          ).map(([path, label]) => (
            <li key={path}>
              <NavLink to={path}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="page">
        <QueryState query={property}>
          <PlatformContext.Provider value={platform}>
            <TokenNamesContext.Provider value={names}>
              <Outlet />
            </TokenNamesContext.Provider>
          </PlatformContext.Provider>
        </QueryState>
      </main>
    </div>
  );
}
