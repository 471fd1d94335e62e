import { useState } from "react";
import { Link, useParams } from "react-router";
import { moduleLabel, useCatalog } from "../extensions/useCatalog.ts";
import { problemCounts } from "../properties/itemProblemCount.ts";
import { OpenBadge } from "../properties/AlsoHere.tsx";
import { usePresence } from "../properties/presence.ts";
import { resourceIndex, useProperty } from "../properties/useProperty.ts";
import BulkBar from "../resources/BulkBar.tsx";
import DeletedItems from "../resources/DeletedItems.tsx";
import Standing from "../resources/Standing.tsx";
import VirtualRows from "../resources/VirtualRows.tsx";
import { CheckAllHeader, CheckCell } from "../resources/CheckCells.tsx";
import { useSelection } from "../resources/useSelection.ts";
import Can, { useCan } from "../session/Can.tsx";
import { count } from "../layout/count.ts";

type StatusFilter = "all" | "enabled" | "disabled" | "problems" | "changed";

/**
 * Rules with a search (name, description, module) and status and event filters; only the
 * rows near the window are mounted (VirtualRows), so 2,000 rules list as fast as 20.
 */
export default function RulesPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const catalog = useCatalog().data;
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [event, setEvent] = useState("");
  const canEdit = useCan("editor");
  const rules = state.document.rules;
  const counts = problemCounts(state, "rules");
  const problemsOf = (i: number) => counts.get(i) ?? 0;
  const resourceOf = resourceIndex(state);
  const needle = search.trim().toLowerCase();
  const eventTypes = [...new Set(rules.flatMap((r) => r.events.map((e) => e.modulePath)))];
  const shown = rules
    .map((rule, index) => ({ rule, index }))
    .filter(({ rule, index }) => {
      const enabled = rule.enabled !== false;
      if (status === "enabled" && !enabled) return false;
      if (status === "disabled" && enabled) return false;
      if (status === "problems" && problemsOf(index) === 0) return false;
      if (status === "changed" && !resourceOf("rule", rule.id)?.changed) return false;
      if (event && !rule.events.some((e) => e.modulePath === event)) return false;
      if (!needle) return true;
      const haystack = [
        rule.name,
        rule.description ?? "",
        ...[...rule.events, ...rule.conditions, ...rule.actions].map((c) =>
          moduleLabel(catalog, c.modulePath),
        ),
      ]
        .join(" ")
        .toLowerCase();
      return haystack.includes(needle);
    });

  const selection = useSelection(shown.map(({ rule }) => rule.id));
  const presence = usePresence(pid);

  return (
    <>
      <div className="page-head">
        <h1>Rules</h1>
        <Can role="editor">
          <Link className="button" to="new">
            New rule
          </Link>
        </Can>
      </div>
      <div className="filters" role="search">
        <label>
          Search
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="all">All</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
            <option value="problems">With problems</option>
            <option value="changed">Changed since publish</option>
          </select>
        </label>
        <label>
          Event
          <select value={event} onChange={(e) => setEvent(e.target.value)}>
            <option value="">Any event</option>
            {eventTypes.map((path) => (
              <option key={path} value={path}>
                {moduleLabel(catalog, path)}
              </option>
            ))}
          </select>
        </label>
        <span className="muted" role="status">
          {shown.length} of {rules.length}
        </span>
      </div>
      {canEdit && (
        <BulkBar
          pid={pid}
          state={state}
          kind="rule"
          selected={selection.selected}
          actions={["enable", "disable", "delete"]}
          onDone={selection.clear}
        />
      )}
      <table aria-rowcount={shown.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {canEdit && <CheckAllHeader label="Check all shown rules" selection={selection} />}
            <th scope="col">Name</th>
            <th scope="col">Events</th>
            <th scope="col">Conditions</th>
            <th scope="col">Actions</th>
            <th scope="col">Status</th>
            <th scope="col">Production</th>
          </tr>
        </thead>
        <VirtualRows
          count={shown.length}
          columns={canEdit ? 7 : 6}
          row={(at, props) => {
            const { rule, index } = shown[at]!;
            return (
              <tr key={rule.id} {...props}>
                {canEdit && <CheckCell id={rule.id} name={rule.name} selection={selection} />}
                <td>
                  <Link to={encodeURIComponent(rule.id)}>{rule.name}</Link>
                  <OpenBadge entries={presence} item={{ kind: "rule", id: rule.id }} />
                </td>
                <td>{rule.events.map((e) => moduleLabel(catalog, e.modulePath)).join(", ")}</td>
                <td>{rule.conditions.length}</td>
                <td>{rule.actions.map((a) => moduleLabel(catalog, a.modulePath)).join(", ")}</td>
                <td>
                  {rule.enabled === false ? "Disabled" : "Enabled"}
                  {problemsOf(index) > 0 && (
                    <span className="warn"> · {count(problemsOf(index), "problem")}</span>
                  )}
                </td>
                <td>
                  <Standing resource={resourceOf("rule", rule.id)} />
                </td>
              </tr>
            );
          }}
        />
      </table>
      <DeletedItems pid={pid} state={state} kind="rule" />
    </>
  );
}
