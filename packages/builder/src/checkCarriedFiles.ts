/**
 * Files a built library would still load from Launch's CDN (carriedFiles.ts): external
 * custom code whose `source` is a URL, and hosted files an imported extension's modules ask
 * for from Adobe's CDN that the property does not carry. Both are problems, so they stop
 * builds: such a library works only as long as Adobe keeps serving those URLs, which is
 * exactly what stops when a property leaves Launch. A self-hosted build's relative paths
 * (`/launch/…/RC….js`, a `hostedLibFilesBaseUrl` of `/perf/js/…/`) are problems too: the
 * build folder holds those files, and a rebuild would look for them on whatever site runs
 * it. A base URL on any other host is the team's own choice and is left alone.
 *
 * A hosted file no library folder may serve (an HTML page, say) is a problem too. Saves and
 * imports refuse one (parsePropertyDocument); this catches what a store kept from before that
 * check, so no build publishes it (docs/server.md, "Trust boundaries").
 */
import { hostedFileProblem, type PropertyDocument } from "@liftoff/schema";
import type { Report } from "./checkModule.ts";
import { componentWhere, extensionWhere, join } from "./describePlace.ts";
import { isRelativePath, isUrl, namesFile, relativeKind, twinName } from "./carriedFiles.ts";
import { CUSTOM_CODE_ACTION } from "./transforms.ts";

const LITERAL = /getHostedLibFileUrl\(\s*(["'])([^"'\\]+)\1\s*\)/g;

/** The file names module scripts pass to `getHostedLibFileUrl` as string literals. */
export function hostedFileNames(scripts: string[]): string[] {
  const names = new Set<string>();
  for (const script of scripts) for (const m of script.matchAll(LITERAL)) names.add(m[2]!);
  return [...names];
}

/** Whether a URL is on Adobe's tags CDN. */
export function onAdobeCdn(url: string): boolean {
  try {
    const host = new URL(url, "https://relative.invalid/").hostname;
    return host === "adobedtm.com" || host.endsWith(".adobedtm.com");
  } catch {
    return false;
  }
}

export default function checkCarriedFiles(doc: PropertyDocument, report: Report) {
  doc.rules.forEach((rule, r) => {
    if (rule.enabled === false) return;
    rule.actions.forEach((action, a) => {
      const source = action.settings?.source;
      if (
        action.modulePath === CUSTOM_CODE_ACTION &&
        action.settings?.isExternal === true &&
        typeof source === "string" &&
        namesFile(source)
      )
        report(
          join(join(join(join(join("rules", r), "actions"), a), "settings"), "source"),
          isUrl(source)
            ? `external custom code is still loaded from ${source}; import the downloaded build folder (liftoff import <folder>) or fetch it (--fetch) so the property carries the code`
            : // A path has no host to fetch from: only the build folder holds the file.
              `external custom code is loaded from ${source}, ${relativeKind(source)} of a self-hosted build; import the build folder that holds the file (liftoff import <folder>) so the property carries the code`,
          componentWhere(rule.name, "actions", a),
        );
    });
  });
  doc.extensions.forEach((extension, i) => {
    for (const name of Object.keys(extension.hostedFiles ?? {})) {
      const problem = hostedFileProblem(name);
      if (problem)
        report(
          join(join(join("extensions", i), "hostedFiles"), name),
          problem,
          extensionWhere(extension.name),
        );
    }
    const base = extension.hostedLibFilesBaseUrl;
    if (!extension.opaqueModules || base === undefined) return;
    // A self-hosted build's relative folder resolves on whatever site runs the rebuild, where
    // the old build's files are not: like Adobe's CDN, it is a place being left.
    const relative = isRelativePath(base);
    if (!relative && !onAdobeCdn(base)) return;
    const carried = extension.hostedFiles ?? {};
    const scripts = Object.values(extension.opaqueModules).map((m) => m.script);
    for (const name of hostedFileNames(scripts))
      if (carried[name] === undefined && carried[twinName(name)] === undefined)
        report(
          join(join(join("extensions", i), "hostedFiles"), name),
          relative
            ? `the extension loads ${name} from ${base}, ${relativeKind(base, "folder")} of a self-hosted build, and the property does not carry it; import the build folder that holds it (liftoff import <folder>)`
            : `the extension loads ${name} from ${base}, and the property does not carry it; import the downloaded build folder or fetch it (--fetch)`,
          extensionWhere(extension.name),
        );
  });
}
