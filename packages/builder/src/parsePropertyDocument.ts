/**
 * Structural validation of a property document (a parsed JSON file, an API body, a TS
 * module's export): every field's type and shape, every problem named by its path, all of
 * them reported at once. Semantic checks (modules, settings, tokens…) are validateProperty's.
 */
import {
  hostedFileProblem,
  PROPERTY_FORMAT_VERSION,
  ValidationError,
  ValidationErrors,
  isPlainObject,
  typeName,
  type PropertyDocument,
} from "@liftoff/schema";
import { join } from "./describePlace.ts";

const STAGES = ["development", "staging", "production"];
const STORAGE = ["pageview", "session", "visitor"];
const MODULE_PATH = /^[^/].*\/.*\.js$/;

type Check = (value: unknown, path: string) => void;

/** Collects problems instead of stopping at the first, so authors fix a file in one pass. */
function createChecker() {
  const errors: ValidationError[] = [];
  const fail = (path: string, message: string) => errors.push(new ValidationError(path, message));
  const expected = (path: string, what: string, value: unknown) =>
    fail(path, `expected ${what}, got ${typeName(value)}`);

  const string: Check = (v, p) => {
    if (typeof v !== "string") expected(p, "string", v);
  };
  const nonEmpty: Check = (v, p) => {
    if (typeof v !== "string") expected(p, "string", v);
    else if (!v.trim()) fail(p, "must not be empty");
  };
  const boolean: Check = (v, p) => {
    if (typeof v !== "boolean") expected(p, "boolean", v);
  };
  const nonNegativeInteger: Check = (v, p) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) expected(p, "an integer ≥ 0", v);
  };
  const finiteNumber: Check = (v, p) => {
    if (typeof v !== "number" || !Number.isFinite(v)) expected(p, "number", v);
  };
  const object: Check = (v, p) => {
    if (!isPlainObject(v)) expected(p, "object", v);
  };
  const modulePath: Check = (v, p) => {
    if (typeof v !== "string") expected(p, "string", v);
    else if (!MODULE_PATH.test(v))
      fail(p, `expected "<extension>/<path>.js", got ${JSON.stringify(v)}`);
  };
  const oneOf =
    (allowed: string[]): Check =>
    (v, p) => {
      if (typeof v !== "string" || !allowed.includes(v))
        fail(
          p,
          `expected one of ${allowed.map((a) => `"${a}"`).join(", ")}, got ${JSON.stringify(v)}`,
        );
    };
  const arrayOf =
    (item: Check): Check =>
    (v, p) => {
      if (!Array.isArray(v)) return expected(p, "array", v);
      v.forEach((entry, i) => item(entry, join(p, i)));
    };

  /** Checks required and optional fields of an object. */
  const fields =
    (required: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
    (v, p) => {
      if (!isPlainObject(v)) return expected(p, "object", v);
      for (const [key, check] of Object.entries(required)) {
        if (v[key] === undefined) fail(join(p, key), "is required");
        else check(v[key], join(p, key));
      }
      for (const [key, check] of Object.entries(optional))
        if (v[key] !== undefined) check(v[key], join(p, key));
    };

  return {
    errors,
    fail,
    string,
    nonEmpty,
    boolean,
    nonNegativeInteger,
    finiteNumber,
    object,
    modulePath,
    oneOf,
    arrayOf,
    fields,
  };
}

function documentCheck(c: ReturnType<typeof createChecker>): Check {
  const component = (extra: Record<string, Check>) =>
    c.fields({ id: c.nonEmpty, modulePath: c.modulePath }, { settings: c.object, ...extra });
  const opaqueModule = c.fields(
    { script: c.nonEmpty },
    { name: c.string, displayName: c.string, shared: c.boolean },
  );
  const opaqueModules: Check = (v, p) => {
    if (!isPlainObject(v)) return c.fields({})(v, p);
    for (const [key, entry] of Object.entries(v)) {
      if (!MODULE_PATH.test(key)) c.fail(join(p, key), "expected a module path key");
      opaqueModule(entry, join(p, key));
    }
  };
  const hostedFiles: Check = (v, p) => {
    if (!isPlainObject(v)) return c.object(v, p);
    for (const [name, text] of Object.entries(v)) {
      // A URL segment under the library's folder, of a type a tag loads (@liftoff/schema).
      const problem = hostedFileProblem(name);
      if (problem) c.fail(join(p, name), problem);
      c.string(text, join(p, name));
    }
  };
  return c.fields({
    formatVersion: (v, p) => {
      if (v !== PROPERTY_FORMAT_VERSION)
        c.fail(p, `expected ${PROPERTY_FORMAT_VERSION}, got ${JSON.stringify(v)}`);
    },
    company: c.fields(
      {},
      { orgId: c.nonEmpty, dynamicCdnEnabled: c.boolean, cdnAllowList: c.arrayOf(c.nonEmpty) },
    ),
    property: c.fields({
      id: c.nonEmpty,
      name: c.nonEmpty,
      settings: c.fields(
        {},
        {
          domains: c.arrayOf(c.nonEmpty),
          undefinedVarsReturnEmpty: c.boolean,
          ruleComponentSequencingEnabled: c.boolean,
          libraryMaxAge: (v, p) => {
            c.nonNegativeInteger(v, p);
            if (typeof v === "number" && v > 31_536_000)
              c.fail(p, "expected at most 31536000 seconds (one year)");
          },
          turbineVersion: c.nonEmpty,
          turbineBuildDate: c.nonEmpty,
          buildInfoMinified: c.boolean,
          separationOfDuties: c.boolean,
          platform: c.oneOf(["web", "edge"]),
          // Its fields are checkReporting's (validateProperty), one wording with the server's.
          reporting: c.object,
        },
      ),
    }),
    environments: c.arrayOf(
      c.fields({
        id: (v, p) => {
          c.nonEmpty(v, p);
          if (typeof v === "string" && v.trim() && !/^[A-Za-z0-9_-]+$/.test(v))
            c.fail(p, "may contain only letters, digits, _ and - (it is part of the library URL)");
        },
        name: c.nonEmpty,
        stage: c.oneOf(STAGES),
      }),
    ),
    extensions: c.arrayOf(
      c.fields(
        { name: c.nonEmpty },
        {
          displayName: c.string,
          version: c.string,
          settings: c.object,
          hostedLibFilesBaseUrl: c.string,
          hostedFiles,
          opaqueModules,
        },
      ),
    ),
    dataElements: c.arrayOf(
      c.fields(
        { id: c.nonEmpty, name: c.nonEmpty, modulePath: c.modulePath },
        {
          settings: c.object,
          forceLowerCase: c.boolean,
          cleanText: c.boolean,
          storageDuration: c.oneOf(STORAGE),
          enabled: c.boolean,
          description: c.string,
        },
      ),
    ),
    rules: c.arrayOf(
      c.fields(
        {
          id: c.nonEmpty,
          name: c.nonEmpty,
          events: c.arrayOf(component({ ruleOrder: c.finiteNumber })),
          conditions: c.arrayOf(component({ negate: c.boolean, timeout: c.nonNegativeInteger })),
          actions: c.arrayOf(component({ timeout: c.nonNegativeInteger, delayNext: c.boolean })),
        },
        { enabled: c.boolean, description: c.string },
      ),
    ),
  });
}

/**
 * Returns `input` typed as a PropertyDocument when its structure is right; otherwise throws
 * ValidationErrors listing each bad field by path (`rules[2].events[0].modulePath: …`).
 * Data element names may not contain `%` (tokens are `%name%`).
 */
export default function parsePropertyDocument(input: unknown): PropertyDocument {
  if (!isPlainObject(input))
    throw new ValidationErrors([
      new ValidationError("document", `expected object, got ${typeName(input)}`),
    ]);
  const c = createChecker();
  documentCheck(c)(input, "");
  if (Array.isArray(input.dataElements))
    input.dataElements.forEach((element, i) => {
      if (isPlainObject(element) && typeof element.name === "string" && element.name.includes("%"))
        c.fail(join(join("dataElements", i), "name"), "must not contain %");
    });
  if (c.errors.length) throw new ValidationErrors(c.errors);
  return input as unknown as PropertyDocument;
}
