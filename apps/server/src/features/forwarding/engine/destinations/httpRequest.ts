/**
 * "Send HTTP request" (http-connector; Launch: Adobe Cloud Connector): the request as the
 * author describes it. The URL is kept as written (a query in it stays there); `query` pairs
 * are added by the sender, encoded. The body is JSON (an object whose texts held tokens,
 * serialised here so every value is escaped, or JSON text as written), a form (an object of
 * fields, encoded), raw text, or none. Sends `Idempotency-Key`.
 */
import type { PlannedRequest } from "@liftoff/schema";
import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";
import { EngineError } from "../EngineError.ts";
import { textOf } from "../tokens.ts";
import {
  httpUrl,
  pairsOf,
  requiredText,
  withHeader,
  type DestinationForm,
  type Settings,
} from "./requestParts.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
const PLACEHOLDER = new RegExp(`(${SECRET_OPEN}[^${SECRET_CLOSE}]*${SECRET_CLOSE})`);

/**
 * Form encoding that leaves secret placeholders as they are, so the sender still finds them
 * (the value is put in as it is: a secret in a form field should need no encoding).
 */
function formPart(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part).replace(/%20/g, "+")))
    .join("");
}

function formBody(body: unknown): string {
  const fields: Array<[string, unknown]> = Array.isArray(body)
    ? body.map((entry) => [
        textOf((entry as Settings | null)?.name),
        (entry as Settings | null)?.value,
      ])
    : body !== null && typeof body === "object"
      ? Object.entries(body)
      : [];
  if (fields.length === 0 && body !== undefined && body !== null && typeof body !== "object")
    throw new EngineError("a form body must be an object of fields");
  return fields
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${formPart(name)}=${formPart(textOf(value))}`)
    .join("&");
}

export const httpRequest: DestinationForm = {
  destination: "http",
  label: "Send HTTP request",
  defaultPurpose: "collect",
  build(settings, { idempotencyKey }): PlannedRequest {
    const method = (
      settings.method === undefined ? "POST" : textOf(settings.method).toUpperCase()
    ) as Method;
    if (!METHODS.includes(method))
      throw new EngineError(
        `method must be one of ${METHODS.join(", ")}, got ${JSON.stringify(settings.method)}`,
      );
    const url = httpUrl(requiredText(settings, "url"), "url");
    const headers = pairsOf(settings, "headers");
    const bodyType = settings.bodyType === undefined ? "json" : settings.bodyType;
    const content = settings.body;
    let body: string | null = null;
    if (bodyType !== "none" && content !== undefined && content !== null && content !== "") {
      if (method === "GET")
        throw new EngineError(
          "a GET request has no body: set the body to none or use another method",
        );
      if (bodyType === "json") {
        body = typeof content === "string" ? content : JSON.stringify(content);
        withHeader(headers, "Content-Type", "application/json");
      } else if (bodyType === "form") {
        body = formBody(content);
        withHeader(headers, "Content-Type", "application/x-www-form-urlencoded");
      } else if (bodyType === "raw") {
        body = textOf(content);
        withHeader(headers, "Content-Type", "text/plain;charset=UTF-8");
      } else
        throw new EngineError(
          `bodyType must be none, json, form or raw, got ${JSON.stringify(bodyType)}`,
        );
    }
    withHeader(headers, "Idempotency-Key", idempotencyKey);
    return { method, url, query: pairsOf(settings, "query"), headers, body };
  },
};
