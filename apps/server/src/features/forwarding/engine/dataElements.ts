/**
 * Core's server-side data elements (docs/event-forwarding.md, "Modules"): each computes a
 * value from its settings, the event (`arc`) and other data elements (through `read`, which
 * resolves `{{tokens}}`). Faults are EngineErrors; createDataElementReader adds which data
 * element it was.
 */
import { createHash } from "node:crypto";
import type { ForwardingArc } from "@liftoff/schema";
import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";
import { compileRegex } from "./compileRegex.ts";
import { EngineError } from "./EngineError.ts";
import { readArcPath } from "./readArcPath.ts";
import { holdsSecret, resolveTokens, textOf, type ReadDataElement } from "./tokens.ts";

type Settings = Record<string, unknown>;
export type DataElementModule = (
  settings: Settings,
  arc: ForwardingArc,
  read: ReadDataElement,
) => unknown;

const SECRET_REFUSED = "its value is known only when a request is sent";

function path(settings: Settings, arc: ForwardingArc): unknown {
  if (typeof settings.path !== "string" || settings.path === "")
    throw new EngineError("path is empty");
  return readArcPath(arc, settings.path);
}

function constant(settings: Settings, _arc: ForwardingArc, read: ReadDataElement): unknown {
  return resolveTokens(settings.value, read);
}

/** The first row whose input is the input's text (or whose regex matches it) gives the value. */
function mappingTable(settings: Settings, _arc: ForwardingArc, read: ReadDataElement): unknown {
  const input = resolveTokens(settings.input, read);
  if (holdsSecret(input))
    throw new EngineError(`a secret cannot be a mapping table's input: ${SECRET_REFUSED}`);
  const text = textOf(input);
  const rows = Array.isArray(settings.rows) ? settings.rows : [];
  for (const row of rows as Array<Settings | null>) {
    if (!row || typeof row.input !== "string") continue;
    const matches =
      row.regex === true ? compileRegex(row.input, "").test(text) : row.input === text;
    if (matches) return resolveTokens(row.output, read);
  }
  return resolveTokens(settings.default, read);
}

/** The values' texts joined; missing and empty ones left out. */
function join(settings: Settings, _arc: ForwardingArc, read: ReadDataElement): string {
  const values = Array.isArray(settings.values) ? settings.values : [];
  const separator = typeof settings.separator === "string" ? settings.separator : "";
  return values
    .map((value) => textOf(resolveTokens(value, read)))
    .filter((text) => text !== "")
    .join(separator);
}

const NORMALIZE: Record<string, (text: string) => string> = {
  none: (text) => text,
  email: (text) => text.trim().toLowerCase(),
  phone: (text) => text.replace(/\D/g, ""),
};

/** SHA-256 as lowercase hex, after normalizing; nothing in, nothing out. */
function sha256(
  settings: Settings,
  _arc: ForwardingArc,
  read: ReadDataElement,
): string | undefined {
  const value = resolveTokens(settings.value, read);
  if (holdsSecret(value)) throw new EngineError(`a secret cannot be hashed: ${SECRET_REFUSED}`);
  const normalize = NORMALIZE[typeof settings.normalize === "string" ? settings.normalize : "none"];
  if (!normalize)
    throw new EngineError(
      `normalize must be email, phone or none, got ${JSON.stringify(settings.normalize)}`,
    );
  const text = normalize(textOf(value));
  if (text === "") return undefined;
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The environment's secret, as its placeholder: the value is put in only when sending. */
function secret(settings: Settings): string {
  const name = settings.name;
  if (typeof name !== "string" || name === "") throw new EngineError("the secret's name is empty");
  if (name.includes(SECRET_OPEN) || name.includes(SECRET_CLOSE))
    throw new EngineError("the secret's name holds a reserved character");
  return SECRET_OPEN + name + SECRET_CLOSE;
}

export const dataElementModules: Record<string, { label: string; run: DataElementModule }> = {
  "core/src/lib/dataElements/path.js": { label: "path", run: path },
  "core/src/lib/dataElements/constant.js": { label: "constant", run: constant },
  "core/src/lib/dataElements/mappingTable.js": { label: "mapping table", run: mappingTable },
  "core/src/lib/dataElements/join.js": { label: "join", run: join },
  "core/src/lib/dataElements/sha256.js": { label: "SHA-256", run: sha256 },
  "core/src/lib/dataElements/secret.js": { label: "secret", run: secret },
};
