import { HttpError, type HttpErrorOptions } from "./HttpError.ts";

// Codes Adobe's Edge documents in its fixtures keep Adobe's type URI (alloy prints the body;
// users search for it). Liftoff's own codes live under a URN so they never pose as Adobe's.
const ADOBE = "https://ns.adobe.com/aep/errors/";
const OURS = "urn:liftoff:errors:";

const make =
  (base: string, code: string, status: number, title: string) =>
  (detail: string, options: HttpErrorOptions = {}) =>
    new HttpError(status, `${base}${code}-${status}`, title, detail, options);

/** The error catalogue of the server; docs/server.md lists it. */
export const problems = {
  invalidDatastream: make(ADOBE, "EXEG-0003", 400, "Invalid datastream ID"),
  consentStandard: make(ADOBE, "EXEG-0102", 400, "Unsupported consent standard or version"),
  consentMissingValue: make(ADOBE, "EXEG-0103", 400, "Missing consent value"),
  consentEmptyValue: make(ADOBE, "EXEG-0104", 422, "Empty consent value"),
  malformedJson: make(OURS, "EXEG-0201", 400, "Malformed JSON body"),
  invalidField: make(OURS, "EXEG-0202", 400, "Invalid request field"),
  bodyTooLarge: make(OURS, "EXEG-0203", 413, "Request body too large"),
  tooManyEvents: make(OURS, "EXEG-0204", 413, "Too many events"),
  unsupportedMediaType: make(OURS, "EXEG-0205", 415, "Unsupported media type"),
  originNotAllowed: make(OURS, "EXEG-0206", 403, "Origin not allowed for this datastream"),
  rateLimited: make(OURS, "EXEG-0207", 429, "Too many requests"),
  overloaded: make(OURS, "EXEG-0208", 503, "Server busy"),
  notFound: make(OURS, "EXEG-0209", 404, "Not found"),
  invalidQuery: make(OURS, "EXEG-0210", 400, "Invalid query parameter"),
  hostNotAllowed: make(OURS, "EXEG-0211", 403, "Host not allowed"),
  methodNotAllowed: make(OURS, "EXEG-0212", 405, "Method not allowed"),
  uriTooLong: make(OURS, "EXEG-0213", 414, "URI too long"),
  notReady: make(OURS, "EXEG-0214", 503, "Not ready"),
  internal: make(OURS, "EXEG-0500", 500, "Internal server error"),
};
