import type { DataElementTrace } from "@liftoff/schema";
import { Link } from "react-router";
import { findModule, useCatalog } from "../extensions/useCatalog.ts";
import { useProperty } from "../properties/useProperty.ts";
import { compactJson } from "./compactJson.ts";
import EdgeRequest from "./EdgeRequest.tsx";
import { dataElementLink, ruleLink } from "./editorLinks.ts";
import {
  requestIdOf,
  ruleShown,
  type PageView,
  type RuleFilter,
  type ServerRun,
  type TriggerView,
} from "./groupTraces.ts";
import RuleRun from "./RuleRun.tsx";

const seconds = (at: number) => `+${(at / 1000).toFixed(2)} s`;

/** Everything one page view of the previewed tab did, in the order it did it. */
export default function PageViewCard({
  pid,
  view,
  filter,
  search,
  server,
}: {
  pid: string;
  view: PageView;
  filter: RuleFilter;
  search: string;
  /** The server rules' records per edge request id (serverRuns). */
  server: ReadonlyMap<string, ServerRun>;
}) {
  const filtering = filter !== "all" || search.trim() !== "";
  const triggers = view.triggers
    .map((t) => ({ ...t, rules: t.rules.filter((r) => ruleShown(r, filter, search)) }))
    .filter((t) => t.rules.length > 0 || !filtering);
  const eventName = (triggerId?: string) =>
    view.triggers.find((t) => t.triggerId === triggerId)?.eventName;
  const title = view.page?.url ?? `Page view ${view.pageId}`;
  return (
    <article className="card page-view" aria-label={`Page view ${title}`}>
      <header>
        <h2 className="preview-url">{title}</h2>
        <p className="muted">
          {view.page && new Date(view.page.startedAt).toLocaleTimeString()}
          {view.page && ` · ${view.page.environment.stage} environment · `}
          {view.page && buildText(view.page.buildInfo)}
        </p>
        {view.identity && (
          <p>
            ECID <code>{view.identity.ecid ?? "not known yet"}</code> · consent{" "}
            <strong>{view.identity.consent ?? "not collected"}</strong>
          </p>
        )}
      </header>
      <h3>Triggers ({triggers.length})</h3>
      {triggers.length === 0 ? (
        <p className="muted">{filtering ? "No rule matches the filters." : "No trigger yet."}</p>
      ) : (
        <ol className="plain">
          {triggers.map((t) => (
            <Trigger key={t.triggerId} pid={pid} trigger={t} />
          ))}
        </ol>
      )}
      {/* Filters pick among the rules that ran; the quiet ones are listed only without them. */}
      {!filtering && <NotTriggered pid={pid} view={view} />}
      {/* Every read of every data element: long on a real page, so it opens on request. */}
      <details className="preview-section">
        <summary>
          <h3>Data elements read ({view.dataElements.length})</h3>
        </summary>
        {view.dataElements.length > 0 && (
          <DataElements pid={pid} reads={view.dataElements} eventName={eventName} />
        )}
      </details>
      <h3>Edge requests ({view.edges.length})</h3>
      {view.edges.length > 0 && (
        <ol className="plain">
          {view.edges.map((e) => (
            <EdgeRequest
              key={e.seq}
              edge={e}
              during={eventName(e.triggerId)}
              server={server.get(requestIdOf(e) ?? "")}
            />
          ))}
        </ol>
      )}
    </article>
  );
}

/**
 * The property's enabled rules that no trigger of this page view reached: their event never
 * happened here (or the previewed library lacks them). Each is named with its events, so
 * "why did my rule not run?" has an answer even when nothing of it shows above.
 */
function NotTriggered({ pid, view }: { pid: string; view: PageView }) {
  const document = useProperty(pid).data?.document;
  const catalog = useCatalog().data;
  if (!document) return null;
  const reached = new Set(view.triggers.flatMap((t) => t.rules.map((r) => r.ruleId)));
  const quiet = document.rules.filter((r) => r.enabled !== false && !reached.has(r.id));
  return (
    <details className="preview-section">
      <summary>
        <h3>Rules not triggered on this page ({quiet.length})</h3>
      </summary>
      {quiet.length > 0 && (
        <>
          <p className="muted">
            Enabled rules of the property whose events did not happen on this page view.
          </p>
          <ul className="plain">
            {quiet.map((rule) => (
              <li key={rule.id}>
                <Link to={ruleLink(pid, rule.id)}>{rule.name}</Link>{" "}
                <span className="muted">
                  waits for{" "}
                  {rule.events.length
                    ? rule.events
                        .map((e) => findModule(catalog, e.modulePath)?.displayName ?? e.modulePath)
                        .join(" or ")
                    : "no event (it never runs)"}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}

function buildText(buildInfo: Record<string, unknown>): string {
  return Object.entries(buildInfo)
    .map(([key, value]) => `${key} ${compactJson(value, 60)}`)
    .join(" · ");
}

function Trigger({ pid, trigger }: { pid: string; trigger: TriggerView }) {
  return (
    <li className="trigger">
      <p className="trigger-head">
        <strong>{trigger.eventName}</strong>
        {trigger.element && (
          <>
            {" "}
            on <code>{trigger.element}</code>
          </>
        )}{" "}
        <span className="muted">{seconds(trigger.at)}</span>
      </p>
      <ul className="plain rules">
        {trigger.rules.map((r) => (
          <RuleRun key={r.ruleId} pid={pid} rule={r} />
        ))}
      </ul>
    </li>
  );
}

const SOURCE = { computed: "computed", stored: "stored", default: "default value" } as const;

function DataElements({
  pid,
  reads,
  eventName,
}: {
  pid: string;
  reads: DataElementTrace[];
  eventName: (triggerId?: string) => string | undefined;
}) {
  const elements = useProperty(pid).data?.document.dataElements ?? [];
  return (
    <div className="table-scroll">
      <table aria-label="Data elements read">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Source</th>
            <th scope="col">Storage</th>
            <th scope="col">During</th>
          </tr>
        </thead>
        <tbody>
          {reads.map((d) => {
            const id = elements.find((e) => e.name === d.name)?.id;
            return (
              <tr key={d.seq}>
                <td>{id ? <Link to={dataElementLink(pid, id)}>{d.name}</Link> : d.name}</td>
                <td>
                  <code>{compactJson(d.value)}</code>
                </td>
                <td>{SOURCE[d.source]}</td>
                <td>{d.storageDuration ?? "none"}</td>
                <td>{eventName(d.triggerId) ?? <span className="muted">–</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
