import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import type { StoredEventWire } from "../api/createStudioApi.ts";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import { matchesEvent, type EventFilterState } from "./eventFilter.ts";
import JsonView from "./JsonView.tsx";
import { useLiveEvents } from "./useLiveEvents.ts";

/** The live event stream with filters and a JSON viewer, and the history of one ECID. */
export default function EventsPage() {
  const pid = useParams().pid!;
  const state = useProperty(pid).data!;
  const [paused, setPaused] = useState(false);
  const live = useLiveEvents(pid, paused);
  const [filter, setFilter] = useState<EventFilterState>({
    environmentId: "",
    eventType: "",
    text: "",
  });
  const [selected, setSelected] = useState<StoredEventWire | null>(null);
  const [ecid, setEcid] = useState<string | null>(null);
  const shown = live.events.filter((e) => matchesEvent(e, filter));
  const types = [...new Set(live.events.map((e) => e.eventType).filter((t): t is string => !!t))];

  return (
    <>
      <h1>Events</h1>
      <p role="status" className={`live-status live-${live.status}`}>
        {live.status === "open"
          ? paused
            ? `Paused (${live.missed} events not shown)`
            : live.events.length === 0
              ? "Live: waiting for events"
              : `Live: ${live.events.length} events`
          : live.status === "connecting"
            ? "Connecting…"
            : "Connection lost; reconnecting…"}
      </p>
      <div className="filters" role="search">
        <label>
          Environment
          <select
            value={filter.environmentId}
            onChange={(e) => setFilter({ ...filter, environmentId: e.target.value })}
          >
            <option value="">All</option>
            {state.document.environments.map((env) => (
              <option key={env.id} value={env.id}>
                {env.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event type
          <select
            value={filter.eventType}
            onChange={(e) => setFilter({ ...filter, eventType: e.target.value })}
          >
            <option value="">All</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Contains
          <input
            type="search"
            value={filter.text}
            onChange={(e) => setFilter({ ...filter, text: e.target.value })}
          />
        </label>
        <button type="button" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? "Resume" : "Pause"}
        </button>
        <button type="button" onClick={live.clear}>
          Clear
        </button>
      </div>
      <div className="split">
        <table className="events">
          <caption className="sr-only">Live events, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Type</th>
              <th scope="col">Page</th>
              <th scope="col">ECID</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((event, i) => (
              <tr key={`${event.requestId}-${event.id ?? i}`} aria-selected={selected === event}>
                <td>{new Date(event.receivedAt).toLocaleTimeString()}</td>
                <td>
                  <button type="button" className="link" onClick={() => setSelected(event)}>
                    {event.eventType ?? "(no type)"}
                  </button>
                </td>
                <td>{event.pageName ?? event.pageUrl ?? ""}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    aria-label={`All events of ECID ${event.ecid}`}
                    onClick={() => setEcid(event.ecid)}
                  >
                    {event.ecid.slice(0, 8)}…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          {selected && (
            <section aria-label="Selected event">
              <h2>{selected.eventType ?? "Event"}</h2>
              <JsonView value={selected} openDepth={2} />
            </section>
          )}
          {ecid && <EcidEvents ecid={ecid} pid={pid} onSelect={setSelected} />}
        </div>
      </div>
    </>
  );
}

function EcidEvents({
  ecid,
  pid,
  onSelect,
}: {
  ecid: string;
  pid: string;
  onSelect: (event: StoredEventWire) => void;
}) {
  const api = useApi();
  const events = useQuery({
    queryKey: ["events", pid, ecid],
    queryFn: () => api.events({ propertyId: pid, ecid, limit: 1000 }),
  });
  return (
    <section aria-label="Events of one ECID">
      <h2>
        ECID <code>{ecid}</code>
      </h2>
      <QueryState query={events}>
        <p className="muted">{events.data?.length ?? 0} stored events</p>
        <ol className="ecid-events">
          {events.data?.map((e, i) => (
            <li key={`${e.requestId}-${e.id ?? i}`}>
              <button type="button" className="link" onClick={() => onSelect(e)}>
                {new Date(e.receivedAt).toLocaleString()} · {e.eventType ?? "(no type)"} ·{" "}
                {e.pageName ?? e.pageUrl ?? ""}
              </button>
            </li>
          ))}
        </ol>
      </QueryState>
    </section>
  );
}
