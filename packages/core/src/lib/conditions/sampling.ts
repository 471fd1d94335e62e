import type { RuleEvent } from "../types.ts";

/**
 * Core condition "Sampling": passes for a `rate` (0..1) share of page views; with
 * `persistCohort`, the first draw is kept per rule and rate in localStorage under
 * `com.adobe.reactor.core.sampling.cohorts.<ruleId>.<rate>`.
 */
export default function sampling(
  settings: { rate?: number; persistCohort?: boolean },
  event: RuleEvent,
): boolean {
  const rate = Number(settings.rate);
  if (!(rate >= 0 && rate <= 1)) throw new Error("settings.rate must be a number from 0 to 1.");
  if (!settings.persistCohort) return Math.random() < rate;
  const key = `com.adobe.reactor.core.sampling.cohorts.${event?.$rule?.id}.${rate}`;
  try {
    const stored = localStorage.getItem(key);
    if (stored !== null) return stored === "true";
    const inCohort = Math.random() < rate;
    localStorage.setItem(key, String(inCohort));
    return inCohort;
  } catch {
    return Math.random() < rate;
  }
}
