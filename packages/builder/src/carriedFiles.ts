/**
 * Files a property carries instead of leaving them on Launch's CDN (docs/builder.md,
 * "Files the property carries"): the hosted files of imported extensions (`hostedFiles`,
 * what modules load through `turbine.getHostedLibFileUrl`) and the code of external
 * custom-code actions (`isExternal` with the code itself as `source`; a URL or a self-hosted
 * build's relative path there names a file the property does not carry). Each build publishes
 * them in the library's own folder, under `hosted/`, and the container points there.
 *
 * External custom code stays external rather than being inlined: Core loads it with a
 * script tag after the action fires, so it runs after the actions that follow it in the rule
 * (an Analytics beacon, say) unless sequencing is on, and its JavaScript is not token
 * replaced. Inlining would change both; serving the same file from Liftoff changes neither.
 *
 * The folder is read at run time from the library's own URL (`document.currentScript`, as
 * turbine reads it for dynamic host resolution), so a library and its `hosted/` folder work
 * from any host they are copied to, without the build knowing where that is.
 */
import type { PropertyCompany, PropertyDocument, PropertyExtension } from "@liftoff/schema";
import { JsCode } from "./JsCode.ts";
import { CUSTOM_CODE_ACTION } from "./transforms.ts";

export const HOSTED_FOLDER = "hosted";

export interface CarriedFile {
  /** Relative to the library's folder: `hosted/<extension>/<name>`. */
  path: string;
  text: string;
}

/** Whether a custom-code `source` is a URL (left on a CDN) rather than carried code. */
export const isUrl = (source: string) => /^(https?:)?\/\//i.test(source.trim());

/**
 * Whether a file's place is a path without a host: site-relative (`/launch/…`) or relative
 * (`./RC….js`, `../…`), as a self-hosted Launch build names its RC files and hosted folders.
 * `//host/…` is a URL, and `/*` starts a comment, not a path.
 */
export const isRelativePath = (value: string) => /^\.{0,2}\/(?![/\\*])/.test(value.trim());

/** How a message names a relative path: `a site-relative path`, `a relative folder`. */
export const relativeKind = (path: string, noun = "path") =>
  `${path.trim().startsWith("/") ? "a site-relative" : "a relative"} ${noun}`;

/**
 * Whether an external custom-code `source` names a file rather than holding the code: a URL,
 * or a relative path to a `.js` file with no whitespace. Carried code never looks like such a
 * path: code starting with `/` would be a regular expression with letters for flags, `./` a
 * syntax error, and HTML would be a line of text.
 */
export const namesFile = (source: string) => {
  const trimmed = source.trim();
  return isUrl(trimmed) || (isRelativePath(trimmed) && /^\S+\.js(?:[?#]\S*)?$/i.test(trimmed));
};

/** An external custom-code action whose code the property carries. */
export const carriesCode = (modulePath: string, settings: Record<string, unknown> | undefined) =>
  modulePath === CUSTOM_CODE_ACTION &&
  settings?.isExternal === true &&
  typeof settings.source === "string" &&
  !namesFile(settings.source);

/**
 * JavaScript for the running library's folder (`https://host/libs/PR…/EN…/`). With dynamic
 * host resolution enforced the runtime prefixes the host itself, so only the path is given.
 */
function folderExpression(pathOnly: boolean): string {
  const src = `(document.currentScript&&document.currentScript.src||"").replace(/[?#].*$/,"")`;
  const folder = `${src}.replace(/[^/]*$/,"")`;
  return pathOnly ? `${folder}.replace(/^[a-z]+:\\/\\/[^/]*/i,"")` : folder;
}

const inFolder = (path: string, pathOnly = false) =>
  new JsCode(`${folderExpression(pathOnly)}+${JSON.stringify(path)}`);

/** Where an action's external code is published. */
export const externalCodePath = (actionId: string) =>
  `${HOSTED_FOLDER}/core/${actionId.replace(/[^A-Za-z0-9_-]/g, "_")}-source.js`;

/**
 * The container's `hostedLibFilesBaseUrl`: the library's `hosted/<extension>/` when the
 * extension carries files. Liftoff's own extensions load no hosted files, so an imported
 * base URL of theirs (Adobe's, for Core) is left out rather than kept pointing at Adobe.
 */
export function hostedBaseUrl(
  extension: PropertyExtension,
  company: PropertyCompany,
  liftoffExtension: boolean,
  folder = "",
): string | JsCode | undefined {
  if (liftoffExtension) return undefined;
  if (!Object.keys(extension.hostedFiles ?? {}).length) return extension.hostedLibFilesBaseUrl;
  const enforced = company.dynamicCdnEnabled === true && Array.isArray(company.cdnAllowList);
  return inFolder(`${folder}${HOSTED_FOLDER}/${extension.name}/`, enforced);
}

/** Built action settings: carried external code → the URL of its published file. */
export function externalCodeSettings(
  actionId: string,
  modulePath: string,
  settings: Record<string, unknown>,
  folder = "",
): Record<string, unknown> {
  if (!carriesCode(modulePath, settings)) return settings;
  return { ...settings, source: inFolder(`${folder}${externalCodePath(actionId)}`) };
}

/** `a.js` ↔ `a.min.js`: the name the runtime asks for in the other kind of build. */
export function twinName(name: string): string {
  return /\.min(\.[^./]*)?$/.test(name)
    ? name.replace(/\.min(\.[^./]*)?$/, "$1")
    : name.replace(/(\.[^./]*)?$/, ".min$1");
}

/**
 * The files a build of `doc` publishes next to its library. A hosted file given under one
 * name only is published under its twin too: development builds ask for `a.js`, minified
 * ones for `a.min.js`, and Launch's CDN has both.
 */
export default function carriedFiles(doc: PropertyDocument): CarriedFile[] {
  const files = new Map<string, string>();
  for (const extension of doc.extensions) {
    const hosted = extension.hostedFiles ?? {};
    const folder = `${HOSTED_FOLDER}/${extension.name}/`;
    for (const [name, text] of Object.entries(hosted)) {
      files.set(folder + name, text);
      if (hosted[twinName(name)] === undefined) files.set(folder + twinName(name), text);
    }
  }
  for (const rule of doc.rules) {
    if (rule.enabled === false) continue;
    for (const action of rule.actions)
      if (carriesCode(action.modulePath, action.settings)) {
        // What Launch's RC…-source.js files hold; the URL is the one the script was loaded from.
        const code = JSON.stringify(action.settings!.source);
        files.set(
          externalCodePath(action.id),
          `_satellite.__registerScript(document.currentScript.src,${code});\n`,
        );
      }
  }
  return [...files].map(([path, text]) => ({ path, text }));
}
