/**
 * Meta Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api):
 * `POST {endpoint}/{pixelId}/events?access_token=…` with one event in `data`. `event_id` is the
 * idempotency key, so Meta drops a repeat (and a pixel event of the same id). The e-mail must
 * come hashed (a SHA-256 data element, normalized as an e-mail).
 */
import {
  hashedIdentity,
  endpointOf,
  eventTimeMs,
  objectOf,
  optionalText,
  requiredText,
  type DestinationForm,
} from "./requestParts.ts";

export const META_ENDPOINT = "https://graph.facebook.com/v21.0";

export const metaCapi: DestinationForm = {
  destination: "meta",
  label: "Meta Conversions API",
  defaultPurpose: "share",
  build(settings, context) {
    const pixelId = requiredText(settings, "pixelId");
    const accessToken = requiredText(settings, "accessToken");
    const email = optionalText(settings, "email");
    const externalId = optionalText(settings, "externalId");
    const userData = {
      em: email === undefined ? undefined : [hashedIdentity(email, "email")],
      external_id: externalId,
      client_ip_address: optionalText(settings, "clientIpAddress"),
      client_user_agent: optionalText(settings, "clientUserAgent"),
    };
    const event = {
      event_name: requiredText(settings, "eventName"),
      event_time: Math.floor(eventTimeMs(context) / 1000),
      event_id: context.idempotencyKey,
      action_source: optionalText(settings, "actionSource") ?? "website",
      event_source_url: optionalText(settings, "eventSourceUrl"),
      user_data: userData,
      custom_data: objectOf(settings, "customData"),
    };
    const body = { data: [event], test_event_code: optionalText(settings, "testEventCode") };
    return {
      method: "POST",
      url: `${endpointOf(settings, META_ENDPOINT)}/${encodeURIComponent(pixelId)}/events`,
      query: [["access_token", accessToken]],
      headers: [["Content-Type", "application/json"]],
      // JSON.stringify leaves out the fields that are undefined.
      body: JSON.stringify(body),
    };
  },
};
