// A Node module resolution hook (node:module `register`) that resolves workspace packages
// (`@liftoff/…`) with the "liftoff:source" export condition, so TypeScript test code runs
// their sources, not a dist/ that may be older. Registered in-process only: a process the
// tests start (the built server) resolves to dist/ as an installed package does.
export function resolve(specifier, context, nextResolve) {
  if (!specifier.startsWith("@liftoff/")) return nextResolve(specifier, context);
  const conditions = [...new Set(["liftoff:source", ...context.conditions])];
  return nextResolve(specifier, { ...context, conditions });
}
