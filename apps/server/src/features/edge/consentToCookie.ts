import { ValidationError } from "@liftoff/schema";
import { problems } from "../../http/problems.ts";
import decodeTcString from "./decodeTcString.ts";

/** Adobe's vendor id in the IAB Global Vendor List (the Visitor API's iabPlugin uses it). */
export const ADOBE_IAB_VENDOR_ID = 565;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

type General = "in" | "out";

function adobe1(value: Record<string, unknown>, field: string): General {
  if (Object.keys(value).length === 0)
    throw problems.consentEmptyValue("The consent value has no purposes.", { field });
  const general = value.general;
  if (general !== "in" && general !== "out")
    throw problems.invalidField(`${field}.general: expected "in" or "out".`, {
      field: `${field}.general`,
    });
  return general;
}

function adobe2(value: Record<string, unknown>, field: string): General {
  if (Object.keys(value).length === 0)
    throw problems.consentEmptyValue("The consent value has no purposes.", { field });
  if (value.collect === undefined) return "in";
  const val = isObject(value.collect) ? value.collect.val : undefined;
  if (val !== "y" && val !== "n")
    throw problems.invalidField(`${field}.collect.val: expected "y" or "n".`, {
      field: `${field}.collect.val`,
    });
  return val === "y" ? "in" : "out";
}

function iabTcf(entry: Record<string, unknown>, field: string): General {
  const value = entry.value;
  if (typeof value !== "string")
    throw problems.invalidField(`${field}.value: expected a TC string.`, {
      field: `${field}.value`,
    });
  if (value === "")
    throw problems.consentEmptyValue("The TC string is empty.", { field: `${field}.value` });
  if (entry.gdprApplies !== undefined && typeof entry.gdprApplies !== "boolean")
    throw problems.invalidField(`${field}.gdprApplies: expected true or false.`, {
      field: `${field}.gdprApplies`,
    });
  if (entry.gdprApplies === false) return "in";
  try {
    const tc = decodeTcString(value, `${field}.value`);
    return tc.purposes.has(1) && tc.vendorConsent(ADOBE_IAB_VENDOR_ID) ? "in" : "out";
  } catch (error) {
    if (error instanceof ValidationError)
      throw problems.invalidField(error.message, { field: error.field });
    throw error;
  }
}

/**
 * Translates a `privacy/set-consent` body's `consent` array into the value of the
 * `kndctr_<org>_consent` cookie, the only place alloy reads consent from (reference §4).
 * Adobe 1.0 `general`, Adobe 2.0 `collect.val`, IAB TCF 2.0 (Purpose 1 plus Adobe's vendor
 * consent; `gdprApplies:false` means in). Any "out" among the entries wins.
 */
export default function consentToCookie(consent: unknown): string {
  if (!Array.isArray(consent))
    throw problems.invalidField("consent: expected an array of consent objects.", {
      field: "consent",
    });
  if (consent.length === 0)
    throw problems.consentEmptyValue("consent: expected at least one consent object.", {
      field: "consent",
    });
  let general: General = "in";
  consent.forEach((entry: unknown, i) => {
    const field = `consent[${i}]`;
    if (!isObject(entry)) throw problems.invalidField(`${field}: expected an object.`, { field });
    const { standard, version } = entry;
    if (!("value" in entry) || entry.value === undefined || entry.value === null)
      throw problems.consentMissingValue(`${field}.value is required.`, {
        field: `${field}.value`,
      });
    let result: General;
    if (standard === "Adobe" && (version === "1.0" || version === "2.0")) {
      if (!isObject(entry.value))
        throw problems.invalidField(`${field}.value: expected an object.`, {
          field: `${field}.value`,
        });
      result =
        version === "1.0"
          ? adobe1(entry.value, `${field}.value`)
          : adobe2(entry.value, `${field}.value`);
    } else if (standard === "IAB TCF" && version === "2.0") {
      result = iabTcf(entry, field);
    } else {
      throw problems.consentStandard(
        `${field}: standard ${JSON.stringify(standard)} version ${JSON.stringify(version)} is not supported; use Adobe 1.0, Adobe 2.0 or IAB TCF 2.0.`,
        { field: `${field}.standard` },
      );
    }
    if (result === "out") general = "out";
  });
  return `general=${general}`;
}
