export interface JavascriptToolsSettings {
  /** The input, usually a resolved `%data element%`. */
  sourceValue?: unknown;
  operator?: string;
  searchValue?: string;
  replacementValue?: string;
  replaceAll?: boolean;
  regexInput?: string;
  caseInsensitive?: boolean;
  start?: number;
  end?: number;
  delimiter?: string;
}

type S = JavascriptToolsSettings;
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects stringify as in Launch.
const str = (s: S) => (s.sourceValue == null ? "" : String(s.sourceValue));
const arr = (s: S): unknown[] =>
  Array.isArray(s.sourceValue) ? [...(s.sourceValue as unknown[])] : [];
const num = (v: unknown) => (v === undefined || v === "" ? undefined : Number(v));
const regex = (s: S, all?: boolean) =>
  new RegExp(s.regexInput ?? "", (s.caseInsensitive ? "i" : "") + (all ? "g" : ""));

const operators: Record<string, (s: S) => unknown> = {
  simpleReplace: (s) =>
    s.replaceAll
      ? str(s)
          .split(s.searchValue ?? "")
          .join(s.replacementValue ?? "")
      : str(s).replace(s.searchValue ?? "", s.replacementValue ?? ""),
  regexReplace: (s) => str(s).replace(regex(s, s.replaceAll), s.replacementValue ?? ""),
  substring: (s) => str(s).substring(num(s.start) ?? 0, num(s.end)),
  slice: (s) => str(s).slice(num(s.start), num(s.end)),
  // Launch's regexMatch throws when nothing matches (reference §5.4); the engine logs it.
  regexMatch: (s) => str(s).match(regex(s))![0],
  length: (s) => (Array.isArray(s.sourceValue) ? s.sourceValue.length : str(s).length),
  indexOf: (s) => str(s).indexOf(s.searchValue ?? ""),
  lastIndexOf: (s) => str(s).lastIndexOf(s.searchValue ?? ""),
  join: (s) => arr(s).join(s.delimiter ?? ""),
  split: (s) => str(s).split(s.delimiter ?? ""),
  arrayPop: (s) => arr(s).pop(),
  arrayShift: (s) => arr(s).shift(),
};

/** Core data element "JavaScript Tools": one string or array operation on `sourceValue`. */
export default function javascriptTools(settings: S): unknown {
  const run = operators[settings.operator as string];
  if (!run)
    throw new Error(`settings.operator must be one of ${Object.keys(operators).join(", ")}.`);
  return run(settings);
}
