/**
 * Google Analytics 4 Measurement Protocol
 * (https://developers.google.com/analytics/devguides/collection/protocol/ga4):
 * `POST {endpoint}/mp/collect?measurement_id=…&api_secret=…` with one event. The protocol takes
 * no idempotency key: a retry after a lost answer may count twice.
 */
import {
  endpointOf,
  objectOf,
  optionalText,
  requiredText,
  type DestinationForm,
} from "./requestParts.ts";

export const GA4_ENDPOINT = "https://www.google-analytics.com";

export const ga4Mp: DestinationForm = {
  destination: "ga4",
  label: "Google Analytics 4",
  defaultPurpose: "collect",
  build(settings) {
    const body = {
      client_id: requiredText(settings, "clientId"),
      user_id: optionalText(settings, "userId"),
      events: [
        { name: requiredText(settings, "eventName"), params: objectOf(settings, "params") ?? {} },
      ],
    };
    return {
      method: "POST",
      url: `${endpointOf(settings, GA4_ENDPOINT)}/mp/collect`,
      query: [
        ["measurement_id", requiredText(settings, "measurementId")],
        ["api_secret", requiredText(settings, "apiSecret")],
      ],
      headers: [["Content-Type", "application/json"]],
      body: JSON.stringify(body),
    };
  },
};
