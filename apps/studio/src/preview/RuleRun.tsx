import type { ActionResult, ConditionResult, RuleTrace } from "@liftoff/schema";
import { Link } from "react-router";
import { compactJson } from "./compactJson.ts";
import { ruleLink } from "./editorLinks.ts";
import type { RuleView } from "./groupTraces.ts";

const ms = (value?: number) => (value === undefined ? "" : ` · ${Math.round(value * 10) / 10} ms`);

/** Why a rule stopped, in words, naming the component. */
function verdict(run?: RuleTrace): { text: string; fired: boolean } {
  if (!run) return { text: "Listening: no result yet", fired: false };
  const condition = run.conditions.find((c) => c.outcome !== "met" && c.outcome !== "skipped");
  const action = run.actions.find((a) => a.outcome === "failed" || a.outcome === "timeout");
  switch (run.outcome) {
    case "fired":
      return { text: "Fired", fired: true };
    case "action failed":
      return {
        text: `Fired, but action ${(action?.index ?? 0) + 1} ${action?.outcome === "timeout" ? "timed out" : "failed"}`,
        fired: true,
      };
    case "condition failed":
      return {
        text: `Not fired: condition ${(condition?.index ?? 0) + 1} ${condition?.outcome === "timeout" ? "timed out" : "failed"}`,
        fired: false,
      };
    default:
      return {
        text: `Not fired: condition ${(condition?.index ?? 0) + 1} not met`,
        fired: false,
      };
  }
}

/** One rule's run for one trigger: its verdict, each condition and what it compared, each action. */
export default function RuleRun({ pid, rule }: { pid: string; rule: RuleView }) {
  const { text, fired } = verdict(rule.run);
  return (
    <li className={`rule-run ${fired ? "rule-fired" : "rule-not-fired"}`}>
      <p className="rule-run-head">
        <Link to={ruleLink(pid, rule.ruleId)}>{rule.ruleName}</Link>{" "}
        <strong className="rule-verdict">{text}</strong>
        {rule.run?.sequenced && <span className="badge">in sequence</span>}
      </p>
      {rule.run && rule.run.conditions.length > 0 && (
        <ol className="plain components" aria-label={`Conditions of ${rule.ruleName}`}>
          {rule.run.conditions.map((c) => (
            <Condition key={c.index} pid={pid} ruleId={rule.ruleId} condition={c} />
          ))}
        </ol>
      )}
      {rule.run && rule.run.actions.length > 0 && (
        <ol className="plain components" aria-label={`Actions of ${rule.ruleName}`}>
          {rule.run.actions.map((a) => (
            <Action key={a.index} pid={pid} ruleId={rule.ruleId} action={a} />
          ))}
        </ol>
      )}
    </li>
  );
}

const CONDITION_OUTCOME: Record<ConditionResult["outcome"], string> = {
  met: "met",
  "not met": "not met",
  error: "failed",
  timeout: "timed out",
  skipped: "not run",
};

function Condition({
  pid,
  ruleId,
  condition: c,
}: {
  pid: string;
  ruleId: string;
  condition: ConditionResult;
}) {
  return (
    <li className={`component outcome-${c.outcome.replace(" ", "-")}`}>
      <Link to={ruleLink(pid, ruleId, { kind: "conditions", index: c.index })}>
        Condition {c.index + 1}: {c.name}
      </Link>
      {c.negate && <span className="badge">negated</span>}{" "}
      {c.compared ? (
        <span className="compared">
          <code>{compactJson(c.compared.left)}</code> {c.compared.operator}{" "}
          <code>{compactJson(c.compared.right)}</code>
        </span>
      ) : (
        c.result !== undefined && (
          <span className="compared">
            returned <code>{compactJson(c.result)}</code>
          </span>
        )
      )}{" "}
      → <strong>{CONDITION_OUTCOME[c.outcome]}</strong>
      {c.negate && c.outcome !== "skipped" && <span className="muted"> (after negate)</span>}
      <span className="muted">{ms(c.ms)}</span>
      {c.error && <div className="error">{c.error}</div>}
    </li>
  );
}

const ACTION_OUTCOME: Record<ActionResult["outcome"], string> = {
  ran: "ran",
  failed: "failed",
  timeout: "timed out",
  skipped: "not run",
};

function Action({ pid, ruleId, action: a }: { pid: string; ruleId: string; action: ActionResult }) {
  return (
    <li className={`component outcome-${a.outcome}`}>
      <Link to={ruleLink(pid, ruleId, { kind: "actions", index: a.index })}>
        Action {a.index + 1}: {a.name}
      </Link>{" "}
      → <strong>{ACTION_OUTCOME[a.outcome]}</strong>
      <span className="muted">{ms(a.ms)}</span>
      {a.error && <div className="error">{a.error}</div>}
    </li>
  );
}
