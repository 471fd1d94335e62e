import type { FastifySchemaValidationError } from "fastify";
import formatPath from "./formatPath.ts";
import type { FieldError } from "./HttpError.ts";

/** AJV's `/rule/events/0` as the path segments `rule`, `events`, 0. */
function segmentsOf(instancePath: string): Array<string | number> {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

const limit = (params: Record<string, unknown>) => String(params.limit);

/** A plain message per AJV keyword; a schema's `description` says what a pattern expects. */
function messageOf(error: FastifySchemaValidationError): string {
  const params = error.params;
  const described = (error as { parentSchema?: { description?: unknown } }).parentSchema
    ?.description;
  if (typeof described === "string" && error.keyword !== "required") return described;
  switch (error.keyword) {
    case "required":
      return "is required";
    case "type":
      return `expected ${String(params.type)}`;
    case "enum":
      return `expected one of ${(params.allowedValues as unknown[]).map(String).join(", ")}`;
    case "minLength":
      return params.limit === 1
        ? "expected a non-empty string"
        : `expected at least ${limit(params)} characters`;
    case "maxLength":
      return `expected at most ${limit(params)} characters`;
    case "minimum":
      return `expected at least ${limit(params)}`;
    case "maximum":
      return `expected at most ${limit(params)}`;
    case "minItems":
      return `expected at least ${limit(params)} item(s)`;
    case "maxItems":
      return `expected at most ${limit(params)} item(s)`;
    default:
      return error.message ?? "is not valid";
  }
}

const ROOTS: Record<string, string> = { body: "body", querystring: "query", params: "url" };

/**
 * Route-schema failures (AJV errors) as the field errors every problem carries: paths in the
 * one form the whole server uses (`rule.name`, `items[0].kind`, a query or URL parameter by
 * its name), messages in plain words.
 */
export default function fieldErrorsOf(
  errors: FastifySchemaValidationError[],
  part: string,
): FieldError[] {
  return errors.map((error) => {
    const segments = segmentsOf(error.instancePath);
    const params = error.params;
    if (error.keyword === "required" && typeof params.missingProperty === "string")
      segments.push(params.missingProperty);
    return { path: formatPath(segments, ROOTS[part] ?? part), message: messageOf(error) };
  });
}
