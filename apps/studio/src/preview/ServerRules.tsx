import type {
  DeliveryTrace,
  DestinationKind,
  ForwardingTrace,
  RuleOutcome,
  ShownRequest,
} from "@liftoff/schema";
import { Link } from "react-router";
import { ruleLink } from "./editorLinks.ts";
import type { ServerRun } from "./groupTraces.ts";

const DESTINATION: Record<DestinationKind, string> = {
  meta: "Meta Conversions API",
  ga4: "GA4 Measurement Protocol",
  linkedin: "LinkedIn Conversions API",
  webhook: "Webhook",
  http: "HTTP request",
};

type Delivery = ForwardingTrace["deliveries"][number];

/**
 * What the server rules (event forwarding) did with one edge request of the previewed tab:
 * per event, each rule ran or why not, the actions held back for consent, and each delivery's
 * request and its attempts as they arrive (docs/preview.md, "Server rules").
 */
export default function ServerRules({ run }: { run: ServerRun }) {
  return (
    <section className="server-rules" aria-label="Server rules">
      <h4>Server rules</h4>
      {run.events.length === 0 && <p className="muted">Waiting for the rules' report…</p>}
      {run.events.map((event) => (
        <div key={event.eventIndex}>
          {run.events.length > 1 && (
            <p className="server-event">
              Event {event.eventIndex + 1}: <code>{event.eventType ?? "no event type"}</code>
            </p>
          )}
          {event.outcomes.length === 0 ? (
            <p className="muted">The forwarding library has no rule.</p>
          ) : (
            <ul className="plain rules">
              {event.outcomes.map((outcome) => (
                <ServerRule
                  key={outcome.ruleId}
                  event={event}
                  outcome={outcome}
                  attempts={run.attempts}
                />
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

function ServerRule({
  event,
  outcome,
  attempts,
}: {
  event: ForwardingTrace;
  outcome: RuleOutcome;
  attempts: ServerRun["attempts"];
}) {
  const deliveries = event.deliveries.filter((d) => d.ruleId === outcome.ruleId);
  return (
    <li className={`rule-run ${outcome.ran ? "rule-fired" : "rule-not-fired"}`}>
      <p className="rule-run-head">
        <Link to={ruleLink(event.propertyId, outcome.ruleId)}>{outcome.ruleName}</Link>{" "}
        <strong className="rule-verdict">{outcome.ran ? "Ran" : "Did not run"}</strong>
        {outcome.reason && <span className="muted">: {outcome.reason}</span>}
      </p>
      {(outcome.withheld?.length || outcome.errors?.length || deliveries.length > 0) && (
        <ol className="plain components" aria-label={`Actions of ${outcome.ruleName}`}>
          {outcome.withheld?.map((w) => (
            <li key={`withheld-${w.actionIndex}`} className="component outcome-failed">
              <Link
                to={ruleLink(event.propertyId, outcome.ruleId, {
                  kind: "actions",
                  index: w.actionIndex,
                })}
              >
                Action {w.actionIndex + 1}
              </Link>{" "}
              → <strong>held back for consent</strong>{" "}
              <span className="muted">
                (purpose {w.purpose}): {w.reason}
              </span>
            </li>
          ))}
          {deliveries.map((d) => (
            <DeliveryItem
              key={d.id}
              event={event}
              delivery={d}
              attempts={attempts.get(d.id) ?? []}
            />
          ))}
          {outcome.errors?.map((error) => (
            <li key={error} className="component outcome-error">
              <div className="error">{error}</div>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** Where a delivery is now: the latest attempt's word, or the planned state before any. */
function stateText(delivery: Delivery, attempts: DeliveryTrace[]): { text: string; css: string } {
  const last = attempts.at(-1);
  if (!last)
    return delivery.state === "pending"
      ? { text: "waiting to send", css: "waiting" }
      : {
          text: delivery.state,
          css: delivery.state === "dead" ? "failed" : "ran",
        };
  if (last.state === "delivered") return { text: "delivered", css: "ran" };
  if (last.state === "dead") return { text: "dead", css: "failed" };
  return { text: "will be tried again", css: "pending" };
}

function DeliveryItem({
  event,
  delivery,
  attempts,
}: {
  event: ForwardingTrace;
  delivery: Delivery;
  attempts: DeliveryTrace[];
}) {
  const state = stateText(delivery, attempts);
  return (
    <li className={`component outcome-${state.css}`}>
      <Link
        to={ruleLink(event.propertyId, delivery.ruleId, {
          kind: "actions",
          index: delivery.actionIndex,
        })}
      >
        Action {delivery.actionIndex + 1}: {DESTINATION[delivery.destination]}
      </Link>{" "}
      to <code>{delivery.host}</code> → <strong>{state.text}</strong>
      <details className="delivery">
        <summary>
          Request and {attempts.length === 1 ? "1 attempt" : `${attempts.length} attempts`}
        </summary>
        <RequestView request={delivery.request} />
        {attempts.length > 0 && (
          <ol className="plain attempts" aria-label="Attempts">
            {attempts.map((a) => (
              <Attempt key={a.attempt} attempt={a} />
            ))}
          </ol>
        )}
      </details>
    </li>
  );
}

/** A body as a person reads it: JSON indented, anything else as it is. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function RequestView({ request }: { request: ShownRequest }) {
  // Lines as HTTP writes them (`name: value`): they wrap on a phone, where a table's
  // columns would break words.
  return (
    <div className="shown-request">
      <p>
        <code className="preview-url">
          {request.method} {request.url}
        </code>
      </p>
      {request.query.length > 0 && (
        <ul className="plain shown-lines" aria-label="Query">
          {request.query.map(([name, value], i) => (
            <li key={i}>
              <code>
                {name}={value}
              </code>
            </li>
          ))}
        </ul>
      )}
      {request.headers.length > 0 && (
        <ul className="plain shown-lines" aria-label="Headers">
          {request.headers.map(([name, value], i) => (
            <li key={i}>
              <code>
                {name}: {value}
              </code>
            </li>
          ))}
        </ul>
      )}
      {request.body !== null && (
        <pre className="request-body" aria-label="Request body">
          {readable(request.body)}
          {request.bodyCut ? `\n… ${request.bodyCut} more characters not shown` : ""}
        </pre>
      )}
    </div>
  );
}

function Attempt({ attempt: a }: { attempt: DeliveryTrace }) {
  const result = a.status !== undefined ? `HTTP ${a.status}` : `failed: ${a.error ?? "no answer"}`;
  return (
    <li className={`component outcome-${a.state === "delivered" ? "ran" : "failed"}`}>
      Attempt {a.attempt}: <strong>{result}</strong>
      <span className="muted"> · {Math.round(a.latencyMs)} ms</span>
      {a.state === "pending" && (
        <span className="muted">
          {" "}
          · tried again
          {a.nextAt ? ` at ${new Date(a.nextAt).toLocaleTimeString()}` : ""}
          {a.reason ? ` (${a.reason})` : ""}
        </span>
      )}
      {a.state === "dead" && <div className="error">Dead: {a.reason}</div>}
      {a.excerpt !== undefined && a.excerpt !== "" && (
        <pre className="answer-excerpt" aria-label={`Answer to attempt ${a.attempt}`}>
          {a.excerpt}
        </pre>
      )}
    </li>
  );
}
