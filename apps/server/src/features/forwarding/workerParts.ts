import { planEvent } from "./engine/planEvent.ts";
import type { WorkerOptions, WorkerParts } from "./ForwardingWorker.ts";
import { DestinationLimiter } from "./outbound/DestinationLimiter.ts";
import { nextStep } from "./outbound/retryPolicy.ts";
import { sendPlanned } from "./outbound/sendPlanned.ts";

/** The engine, the sender, the retry policy and one limiter per node, as the worker runs them. */
export function createWorkerParts(options: Pick<WorkerOptions, "timeoutMs">): WorkerParts {
  const limiter = new DestinationLimiter();
  return {
    plan: (ruleset, arc) => planEvent(ruleset, arc),
    send: (request, sendOptions) =>
      sendPlanned(request, { ...sendOptions, timeoutMs: options.timeoutMs }),
    nextStep: (attempt, outcome) => nextStep(attempt, outcome),
    limit: (key, fn, limits) => limiter.run(key, fn, limits),
  };
}
