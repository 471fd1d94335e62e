import type { DynamicHostResolver } from "./createDynamicHostResolver.ts";

/**
 * Rewrites hosted-file settings (declared by a module's `filePaths`, e.g. `sources[].url`) to
 * the resolved dynamic host, once per settings object. Only runs when the host is enforced.
 * Core's custom-code action is special: its `source` is a file only when `isExternal`.
 */
export default function createFilePathTransformer(
  resolver: DynamicHostResolver,
  getFilePaths: (modulePath: string) => string[] | undefined,
) {
  const done = new WeakSet<object>();
  const decorate = (value: unknown) =>
    typeof value === "string" ? resolver.decorate_(value) : value;
  // `a.b[].c`: a `[]` segment means every item of that array.
  const rewrite = (target: Record<string, unknown>, [key = "", ...rest]: string[]): void => {
    const name = key.replace("[]", "");
    const value = target[name];
    if (!rest.length) target[name] = Array.isArray(value) ? value.map(decorate) : decorate(value);
    else
      for (const child of ([] as unknown[]).concat(value))
        if (child && typeof child === "object") rewrite(child as Record<string, unknown>, rest);
  };
  // Without an enforced host nothing is rewritten: module calls skip even the lookups.
  if (!resolver.host_) return () => {};
  return (
    settings: Record<string, unknown>,
    modulePath: string,
    filePaths = getFilePaths(modulePath),
  ): void => {
    if (!filePaths || done.has(settings)) return;
    done.add(settings);
    if (/^core\/.*customCode/.test(modulePath) && !settings.isExternal) return;
    for (const path of filePaths) rewrite(settings, path.split("."));
  };
}
