// Reading V8 CPU profiles (Chromium's Profiler domain, `node --cpu-prof`): one convention for
// every benchmark that sums sampled time. A profile stamps sample i at startTime plus
// timeDeltas[0..i]; the sample stands for the interval until the next one, as DevTools
// draws it, so it lasts timeDeltas[i + 1] and the last sample, with no successor, counts 0.

/**
 * Each sample of `profile` in order: `node` (its profile node, callFrame and children),
 * `at` (its timestamp, µs on the profile's clock) and `us` (how long it stands for).
 */
export function* samples(profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const node = byNode.get(profile.samples[i]);
    if (node) yield { node, at, us: profile.timeDeltas[i + 1] ?? 0 };
  }
}

/** Each node's parent id (for walking a sample's stack towards the root). */
export function parents(profile) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return parent;
}

/** V8's pseudo-frames for time spent outside any function. */
export const PSEUDO_FRAMES = new Set(["(idle)", "(program)", "(root)"]);
