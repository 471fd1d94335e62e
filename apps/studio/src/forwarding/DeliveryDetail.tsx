import type { DeliveryInfo, PlannedRequest } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { DESTINATION_LABELS, PURPOSE_LABELS, STATE_LABELS, millis } from "./destinationLabels.ts";
import { forwardingKeys, LIVE_INTERVAL_MS } from "./forwardingKeys.ts";
import { useToast } from "./Toast.tsx";

/**
 * One delivery: the request its rule planned (secrets shown as `{{secret:name}}`: the server
 * resolves them only when sending), every attempt with its answer, and why a dead letter
 * died. Editors replay a dead letter: it goes back to the queue and is sent again.
 */
export default function DeliveryDetail() {
  const { pid, did } = useParams() as { pid: string; did: string };
  const api = useApi();
  const delivery = useQuery({
    queryKey: forwardingKeys.delivery(pid, did),
    queryFn: () => api.forwarding.delivery(pid, did),
    refetchInterval: LIVE_INTERVAL_MS,
  });
  return (
    <>
      <p>
        <Link to=".." relative="path">
          ← Deliveries
        </Link>
      </p>
      <QueryState query={delivery}>
        {delivery.data && <Delivery pid={pid} delivery={delivery.data} />}
      </QueryState>
    </>
  );
}

function Delivery({ pid, delivery: d }: { pid: string; delivery: DeliveryInfo }) {
  const api = useApi();
  const canReplay = useCan("editor");
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [toast, showToast] = useToast();
  const environments = useProperty(pid).data?.document.environments ?? [];
  const environment = environments.find((e) => e.id === d.environmentId);
  const replay = useMutation({
    mutationFn: () => api.forwarding.replay(pid, d.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(forwardingKeys.delivery(pid, d.id), answer);
      void queryClient.invalidateQueries({ queryKey: forwardingKeys.all(pid) });
      showToast("Replayed: the delivery is queued and will be sent again.");
    },
  });
  const ask = () =>
    void confirm({
      title: "Replay this delivery?",
      body: (
        <p>
          The request is sent to <code>{d.host}</code> again, with the same idempotency key, as its
          rule planned it when the event came in (secrets take their current values).
        </p>
      ),
      confirm: "Replay",
    }).then((ok) => ok && replay.mutate());
  return (
    <>
      <h1>
        Delivery to {d.host}{" "}
        <span className={`badge delivery-${d.state}`}>{STATE_LABELS[d.state]}</span>
      </h1>
      {d.state === "dead" && (
        <div className="error" role="note" aria-label="Why it is dead">
          <p>{d.reason ?? "Dead after its last attempt."}</p>
        </div>
      )}
      {d.state === "dead" && canReplay && (
        <div className="actions">
          <button type="button" disabled={replay.isPending} onClick={ask}>
            Replay
          </button>
        </div>
      )}
      <MutationError error={replay.error} />
      <dl className="facts">
        <dt>Rule</dt>
        <dd>
          <Link to={`../../rules/${encodeURIComponent(d.ruleId)}`} relative="path">
            {d.ruleName}
          </Link>
          , action {d.actionIndex + 1}
        </dd>
        <dt>Destination</dt>
        <dd>{DESTINATION_LABELS[d.destination]}</dd>
        <dt>Consent purpose</dt>
        <dd>{PURPOSE_LABELS[d.purpose]}</dd>
        <dt>Environment</dt>
        <dd>{environment?.name ?? d.environmentId}</dd>
        <dt>Event</dt>
        <dd>
          Event {d.eventIndex + 1} of request <code>{d.requestId}</code>, datastream{" "}
          <code>{d.datastreamId}</code>
        </dd>
        <dt>Created</dt>
        <dd>{new Date(d.createdAt).toLocaleString()}</dd>
        <dt>Attempts</dt>
        <dd>{d.attempts}</dd>
        {d.state === "pending" && d.nextAt && (
          <>
            <dt>Next attempt</dt>
            <dd>{new Date(d.nextAt).toLocaleString()}</dd>
          </>
        )}
        {d.deliveredAt && (
          <>
            <dt>Delivered</dt>
            <dd>{new Date(d.deliveredAt).toLocaleString()}</dd>
          </>
        )}
        <dt>Idempotency key</dt>
        <dd>
          <code>{d.idempotencyKey}</code>
        </dd>
      </dl>
      <PlannedRequestView request={d.request} />
      <section aria-labelledby="attempt-log">
        <h2 id="attempt-log">Attempts</h2>
        {(d.attemptLog ?? []).length === 0 ? (
          <p className="muted">Not sent yet.</p>
        ) : (
          <table className="attempts stack-on-phone">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {d.attemptLog!.map((a, i) => (
                <tr key={i}>
                  <td data-label="When">{new Date(a.at).toLocaleString()}</td>
                  <td data-label="Status">
                    {a.status !== undefined && <code>{a.status}</code>}
                    {a.error && <div className="warn">{a.error}</div>}
                  </td>
                  <td data-label="Latency" className="number">
                    {millis(a.latencyMs)}
                  </td>
                  <td data-label="Answer">
                    {a.excerpt ? <pre className="value excerpt">{a.excerpt}</pre> : "–"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {toast}
    </>
  );
}

function PlannedRequestView({ request }: { request: PlannedRequest }) {
  return (
    <section aria-labelledby="planned-request">
      <h2 id="planned-request">Request</h2>
      <p className="hint">
        As the rule planned it. Secrets are shown as <code>{"{{secret:name}}"}</code>: their values
        are filled in only when the request is sent, and never stored with it.
      </p>
      <pre className="value request-line">
        {request.method} {request.url}
      </pre>
      <Pairs title="Query" pairs={request.query} />
      <Pairs title="Headers" pairs={request.headers} />
      <h3>Body</h3>
      {request.body === null ? (
        <p className="muted">No body.</p>
      ) : (
        <pre className="value">{readable(request.body)}</pre>
      )}
    </section>
  );
}

function Pairs({ title, pairs }: { title: string; pairs: ReadonlyArray<[string, string]> }) {
  return (
    <>
      <h3>{title}</h3>
      {pairs.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="pairs stack-on-phone" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map(([name, value], i) => (
              <tr key={i}>
                <td data-label="Name">
                  <code>{name}</code>
                </td>
                <td data-label="Value">
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** A JSON body indented for reading; any other body as it is. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
