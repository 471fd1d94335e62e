import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import EnvironmentSelect from "../layout/EnvironmentSelect.tsx";
import type { StoredEventWire } from "../api/createStudioApi.ts";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";
import EventDrawer from "./EventDrawer.tsx";
import {
  historyParams,
  interactionOf,
  matchesEvent,
  NO_FILTER,
  type EventFilterState,
} from "./eventFilter.ts";
import { useLiveEvents } from "./useLiveEvents.ts";

const PAGE = 50;
/** Event types offered before any event of them is seen. */
const KNOWN_TYPES = ["web.webpagedetails.pageViews", "web.webinteraction.linkClicks"];

/** `value`, once it has stopped changing for `ms`: one history request per pause in typing. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const rowKey = (e: StoredEventWire, i: number) =>
  e.id !== undefined ? `id-${e.id}` : `live-${e.requestId}-${e.receivedAt}-${i}`;

/**
 * Stored events, newest first and paged (`GET /api/events`, filtered on the server), with
 * live events (`/api/live`) arriving on top; one event's JSON opens in a side panel.
 */
export default function EventsPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const state = useProperty(pid).data!;
  const [paused, setPaused] = useState(false);
  const live = useLiveEvents(pid, paused);
  const [filter, setFilter] = useState<EventFilterState>(NO_FILTER);
  const settled = useSettled(filter);
  const params = historyParams(pid, settled);
  const history = useInfiniteQuery({
    queryKey: ["events", params],
    queryFn: ({ pageParam }) => api.events({ ...params, limit: PAGE, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: StoredEventWire[]) =>
      last.length < PAGE ? undefined : last[last.length - 1]?.id,
    // Newer events come over the live stream; a refetch would list them twice.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const stored = useMemo(() => (history.data?.pages ?? []).flat(), [history.data]);
  // A request's events commit together, so one seen in history is left out of the live list.
  const storedRequests = useMemo(() => new Set(stored.map((e) => e.requestId)), [stored]);
  const arrived = live.events.filter(
    (e) => !storedRequests.has(e.requestId) && matchesEvent(e, settled),
  );
  const rows = [...arrived, ...stored];
  const [selected, setSelected] = useState<StoredEventWire | null>(null);
  const types = [
    ...new Set([
      ...KNOWN_TYPES,
      ...rows.map((e) => e.eventType).filter((t): t is string => !!t),
      ...(filter.eventType ? [filter.eventType] : []),
    ]),
  ].sort();
  const set = (patch: Partial<EventFilterState>) => setFilter({ ...filter, ...patch });
  const filtered = Object.values(filter).some((v) => v !== "");

  return (
    <>
      <h1>Events</h1>
      <p role="status" className={`live-status live-${live.status}`}>
        {live.status === "open"
          ? paused
            ? `Live paused (${live.missed} new events not shown)`
            : arrived.length === 0
              ? "Live: waiting for new events"
              : `Live: ${arrived.length} new ${arrived.length === 1 ? "event" : "events"}`
          : live.status === "connecting"
            ? "Connecting…"
            : "Connection lost; reconnecting…"}
      </p>
      <div className="filters events-filters" role="search" aria-label="Filter events">
        <EnvironmentSelect
          environments={state.document.environments}
          value={filter.environmentId}
          onChange={(environmentId) => set({ environmentId })}
        />
        <label>
          Event type
          <select value={filter.eventType} onChange={(e) => set({ eventType: e.target.value })}>
            <option value="">All</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Page URL contains
          <input type="search" value={filter.url} onChange={(e) => set({ url: e.target.value })} />
        </label>
        <label>
          ECID
          <input
            type="search"
            value={filter.ecid}
            spellCheck={false}
            onChange={(e) => set({ ecid: e.target.value })}
          />
        </label>
        <label>
          From
          <input
            type="datetime-local"
            value={filter.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="datetime-local"
            value={filter.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <div className="filter-actions">
          {filtered && (
            <button type="button" className="secondary" onClick={() => setFilter(NO_FILTER)}>
              Clear filters
            </button>
          )}
          <button type="button" aria-pressed={paused} onClick={() => setPaused(!paused)}>
            {paused ? "Resume live" : "Pause live"}
          </button>
        </div>
      </div>
      <div className={selected ? "events-layout with-drawer" : "events-layout"}>
        <div className="events-list">
          <QueryState query={history}>
            {rows.length === 0 ? (
              <p className="muted">
                {filtered
                  ? "No stored event matches these filters."
                  : "No events stored yet. Events appear here as a page with the embed code sends them."}
              </p>
            ) : (
              <div className="table-scroll">
                <table className="events">
                  <caption className="sr-only">Events, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Event type</th>
                      <th scope="col">Interaction</th>
                      <th scope="col">Page</th>
                      <th scope="col">ECID</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((event, i) => (
                      <EventRow
                        key={rowKey(event, i)}
                        event={event}
                        selected={selected === event}
                        onOpen={() => setSelected(event)}
                        onEcid={() => set({ ecid: event.ecid })}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {history.hasNextPage && (
              <button
                type="button"
                className="secondary"
                disabled={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {history.isFetchingNextPage ? "Loading…" : "Load older events"}
              </button>
            )}
          </QueryState>
        </div>
        {selected && <EventDrawer event={selected} onClose={() => setSelected(null)} />}
      </div>
    </>
  );
}

function EventRow({
  event,
  selected,
  onOpen,
  onEcid,
}: {
  event: StoredEventWire;
  selected: boolean;
  onOpen: () => void;
  onEcid: () => void;
}) {
  const time = new Date(event.receivedAt);
  const interaction = interactionOf(event);
  return (
    <tr
      className={
        [selected && "selected", event.id === undefined && "live-row"].filter(Boolean).join(" ") ||
        undefined
      }
    >
      <td data-label="Time">
        <time dateTime={event.receivedAt} title={time.toLocaleString()}>
          {time.toLocaleTimeString()}
        </time>
      </td>
      <td data-label="Event type">
        <button
          type="button"
          className="link"
          aria-haspopup="dialog"
          aria-label={`Show JSON of ${event.eventType ?? "event without type"} at ${time.toLocaleTimeString()}`}
          onClick={onOpen}
        >
          {event.eventType ? <BreakAfterDots text={event.eventType} /> : "(no type)"}
        </button>
      </td>
      <td data-label="Interaction">
        {interaction && (
          <>
            {interaction.name ?? <span className="muted">(no name)</span>}
            {interaction.type && <span className="badge">{interaction.type}</span>}
            {interaction.url && <div className="muted event-link">{interaction.url}</div>}
          </>
        )}
      </td>
      <td data-label="Page">{event.pageName ?? event.pageUrl ?? ""}</td>
      <td data-label="ECID">
        <button
          type="button"
          className="link"
          // The name starts with the visible text (WCAG 2.5.3), then says what a click does.
          aria-label={`${event.ecid.slice(0, 8)}… — only events of ECID ${event.ecid}`}
          onClick={onEcid}
        >
          {event.ecid.slice(0, 8)}…
        </button>
      </td>
    </tr>
  );
}

/** `web.webinteraction.linkClicks` with a line-break opportunity after each dot. */
function BreakAfterDots({ text }: { text: string }) {
  const parts = text.split(".");
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}
