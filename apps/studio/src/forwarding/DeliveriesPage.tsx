import type { DeliveryInfo, DestinationKind, DestinationStats } from "@liftoff/schema";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import QueryState from "../layout/QueryState.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { DESTINATION_LABELS, STATE_LABELS, millis, percent } from "./destinationLabels.ts";
import {
  forwardingKeys,
  LIVE_INTERVAL_MS,
  STATE_OF_SHOW,
  type DeliveryFilter,
  type DeliveryShow,
} from "./forwardingKeys.ts";

const PAGE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

const SHOW_LABELS: Record<DeliveryShow, string> = {
  recent: "Recent",
  failed: "Failed (retrying)",
  dead: "Dead letters",
};

/**
 * An event forwarding property's deliveries: per destination, what was delivered, is waiting
 * and died over the last day, with success rate and latency; then the deliveries themselves,
 * newest first, filtered and paged by the server. Both refresh every 5 s while the tab is
 * visible (TanStack Query pauses interval refetches in a hidden tab).
 */
export default function DeliveriesPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const stats = useQuery({
    queryKey: forwardingKeys.stats(pid),
    // The window moves with each refresh: always the last 24 hours.
    queryFn: () => api.forwarding.stats(pid, new Date(Date.now() - DAY_MS).toISOString()),
    refetchInterval: LIVE_INTERVAL_MS,
  });
  const [filter, setFilter] = useState<DeliveryFilter>({ show: "recent", destination: "" });
  return (
    <>
      <h1>Deliveries</h1>
      <section aria-labelledby="by-destination">
        <h2 id="by-destination">By destination, last 24 hours</h2>
        <QueryState query={stats}>
          {stats.data?.length === 0 ? (
            <p className="muted">
              Nothing sent yet. Link a datastream to this property on its web property&apos;s
              Environments page, and publish a library with a rule that sends somewhere.
            </p>
          ) : (
            <DestinationTable rows={stats.data ?? []} />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="delivery-list">
        <h2 id="delivery-list">Deliveries</h2>
        <div className="filters" role="search" aria-label="Deliveries">
          <label>
            Show
            <select
              value={filter.show}
              onChange={(e) => setFilter({ ...filter, show: e.target.value as DeliveryShow })}
            >
              {(Object.keys(SHOW_LABELS) as DeliveryShow[]).map((show) => (
                <option key={show} value={show}>
                  {SHOW_LABELS[show]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Destination
            <select
              value={filter.destination}
              onChange={(e) =>
                setFilter({ ...filter, destination: e.target.value as DestinationKind | "" })
              }
            >
              <option value="">All</option>
              {(Object.keys(DESTINATION_LABELS) as DestinationKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {DESTINATION_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <DeliveryList pid={pid} filter={filter} />
      </section>
    </>
  );
}

function DestinationTable({ rows }: { rows: readonly DestinationStats[] }) {
  return (
    // No links or controls inside: the keyboard scrolls it on a phone (docs/studio.md, Tests).
    <table className="delivery-stats stack-on-phone" aria-labelledby="by-destination">
      <thead>
        <tr>
          <th scope="col">Destination</th>
          <th scope="col">Host</th>
          <th scope="col">Delivered</th>
          <th scope="col">Pending</th>
          <th scope="col">Dead</th>
          <th scope="col">Success rate</th>
          <th scope="col">Latency p50</th>
          <th scope="col">Latency p95</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.destination} ${row.host}`}>
            <td data-label="Destination">{DESTINATION_LABELS[row.destination]}</td>
            <td data-label="Host">
              <code>{row.host}</code>
            </td>
            <td data-label="Delivered" className="number">
              {row.delivered.toLocaleString()}
            </td>
            <td data-label="Pending" className="number">
              {row.pending.toLocaleString()}
            </td>
            <td data-label="Dead" className={row.dead > 0 ? "number warn" : "number"}>
              {row.dead.toLocaleString()}
            </td>
            <td data-label="Success rate" className="number">
              {percent(row.successRate)}
            </td>
            <td data-label="Latency p50" className="number">
              {millis(row.p50LatencyMs)}
            </td>
            <td data-label="Latency p95" className="number">
              {millis(row.p95LatencyMs)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DeliveryList({ pid, filter }: { pid: string; filter: DeliveryFilter }) {
  const api = useApi();
  const list = useInfiniteQuery({
    queryKey: forwardingKeys.deliveries(pid, filter),
    queryFn: ({ pageParam }) =>
      api.forwarding.deliveries(pid, {
        state: STATE_OF_SHOW[filter.show],
        destination: filter.destination || undefined,
        limit: PAGE,
        before: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    refetchInterval: LIVE_INTERVAL_MS,
  });
  const shown = (list.data?.pages ?? []).flatMap((page) => page.deliveries);
  return (
    <QueryState query={list}>
      {shown.length === 0 ? (
        <p className="muted">
          {filter.show === "dead"
            ? "No dead letters."
            : filter.show === "failed"
              ? "Nothing is waiting for a retry."
              : "No deliveries yet."}
          {list.hasNextPage && " Older pages may hold some."}
        </p>
      ) : (
        <table className="deliveries stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Rule</th>
              <th scope="col">Destination</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </tbody>
        </table>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Older deliveries
        </button>
      )}
    </QueryState>
  );
}

function DeliveryRow({ delivery: d }: { delivery: DeliveryInfo }) {
  const answer = [
    d.lastStatus !== undefined ? `HTTP ${d.lastStatus}` : "",
    d.lastLatencyMs !== undefined ? millis(d.lastLatencyMs) : "",
  ].filter(Boolean);
  return (
    <tr>
      <td data-label="Created">
        <Link to={encodeURIComponent(d.id)}>{new Date(d.createdAt).toLocaleString()}</Link>
      </td>
      <td data-label="Rule">{d.ruleName}</td>
      <td data-label="Destination">
        {DESTINATION_LABELS[d.destination]} <code className="muted">{d.host}</code>
      </td>
      <td data-label="State">
        <span className={`badge delivery-${d.state}`}>{STATE_LABELS[d.state]}</span>
      </td>
      <td data-label="Attempts" className="number">
        {d.attempts}
      </td>
      <td data-label="Last answer">
        {answer.join(" · ")}
        {d.state === "dead" && d.reason && <div className="warn">{d.reason}</div>}
      </td>
    </tr>
  );
}
