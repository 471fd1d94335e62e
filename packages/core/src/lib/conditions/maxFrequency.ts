import type { RuleEvent } from "../types.ts";

type Unit = "pageView" | "session" | "visitor" | "second" | "minute" | "day" | "week" | "month";

const seconds: Record<string, number> = {
  second: 1,
  minute: 60,
  day: 86_400,
  week: 604_800,
  month: 2_678_400, // 31 days, as in Launch
};

const perPage: Record<string, number> = {};
const prefix = "com.adobe.reactor.core.maxFrequency.";

function store(unit: Unit): Pick<Storage, "getItem" | "setItem"> | undefined {
  if (unit === "pageView") return undefined;
  try {
    return unit === "session" ? sessionStorage : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Core condition "Max Frequency": the rule passes at most `count` times per `unit` (page
 * view, session, visitor — once ever — or a time window). Counts are kept per rule at
 * `com.adobe.reactor.core.maxFrequency.<ruleId>.<unit>`; a pass counts as a run.
 */
export default function maxFrequency(
  settings: { count?: number; unit?: Unit },
  event: RuleEvent,
): boolean {
  const unit = settings.unit;
  if (
    !unit ||
    !(unit in seconds || unit === "pageView" || unit === "session" || unit === "visitor")
  )
    throw new Error(
      "settings.unit must be pageView, session, visitor, second, minute, day, week or month.",
    );
  const count = unit === "visitor" ? 1 : Number(settings.count);
  if (!(count >= 1)) throw new Error("settings.count must be a number ≥ 1.");
  const key = `${event?.$rule?.id}.${unit}`;
  const storage = store(unit);
  const read = (): { n: number; since: number } => {
    const raw = storage
      ? storage.getItem(prefix + key)
      : perPage[key] != null
        ? `{"n":${perPage[key]},"since":0}`
        : null;
    try {
      return raw ? (JSON.parse(raw) as { n: number; since: number }) : { n: 0, since: Date.now() };
    } catch {
      return { n: 0, since: Date.now() };
    }
  };
  let state = read();
  const window = seconds[unit];
  if (window && Date.now() - state.since >= window * 1000) state = { n: 0, since: Date.now() };
  if (state.n >= count) return false;
  state.n += 1;
  if (storage) storage.setItem(prefix + key, JSON.stringify(state));
  else perPage[key] = state.n;
  return true;
}
