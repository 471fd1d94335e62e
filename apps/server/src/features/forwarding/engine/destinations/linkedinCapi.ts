/**
 * LinkedIn Conversions API
 * (https://learn.microsoft.com/linkedin/marketing/integrations/ads-reporting/conversions-api):
 * `POST {endpoint}/rest/conversionEvents`, versioned by the `LinkedIn-Version` header.
 * `eventId` is the idempotency key (LinkedIn drops a repeat, and an Insight Tag event of the
 * same id). The visitor is named by a hashed e-mail, the one user id this form takes: an event
 * without one is an error of the action, not a request LinkedIn would refuse.
 */
import { EngineError } from "../EngineError.ts";
import { textOf } from "../tokens.ts";
import {
  endpointOf,
  eventTimeMs,
  hashedIdentity,
  optionalText,
  requiredText,
  type DestinationForm,
} from "./requestParts.ts";

export const LINKEDIN_ENDPOINT = "https://api.linkedin.com";
export const LINKEDIN_VERSION = "202404";

export const linkedinCapi: DestinationForm = {
  destination: "linkedin",
  label: "LinkedIn Conversions API",
  defaultPurpose: "share",
  build(settings, context) {
    const conversionRuleId = requiredText(settings, "conversionRuleId");
    const accessToken = requiredText(settings, "accessToken");
    const email = optionalText(settings, "email");
    if (email === undefined)
      throw new EngineError(
        "email is empty: LinkedIn needs the visitor's hashed e-mail to match a conversion",
      );
    const value = settings.value;
    let conversionValue: { currencyCode: string; amount: string } | undefined;
    if (value !== undefined && value !== null && value !== "") {
      const amount = Number(textOf(value));
      if (!Number.isFinite(amount))
        throw new EngineError(`value must be a number, got ${JSON.stringify(value)}`);
      conversionValue = {
        currencyCode: optionalText(settings, "currency") ?? "USD",
        amount: String(amount),
      };
    }
    const body = {
      conversion: `urn:lla:llaPartnerConversion:${conversionRuleId}`,
      conversionHappenedAt: eventTimeMs(context),
      eventId: context.idempotencyKey,
      user: { userIds: [{ idType: "SHA256_EMAIL", idValue: hashedIdentity(email, "email") }] },
      conversionValue,
    };
    return {
      method: "POST",
      url: `${endpointOf(settings, LINKEDIN_ENDPOINT)}/rest/conversionEvents`,
      query: [],
      headers: [
        ["Authorization", `Bearer ${accessToken}`],
        ["LinkedIn-Version", LINKEDIN_VERSION],
        ["X-Restli-Protocol-Version", "2.0.0"],
        ["Content-Type", "application/json"],
      ],
      body: JSON.stringify(body),
    };
  },
};
