/**
 * A generic webhook: `POST url` with JSON — the event as the edge received it (`{xdm, data,
 * request: {receivedAt, origin, ecid}}`), or a body the author writes — and `Idempotency-Key`.
 * The request facts sent are those a receiver can use to order and join events; the
 * visitor's address and user agent are not sent unless the author maps them in a custom body.
 */
import { EngineError } from "../EngineError.ts";
import {
  httpUrl,
  pairsOf,
  requiredText,
  withHeader,
  type DestinationForm,
} from "./requestParts.ts";

export const webhook: DestinationForm = {
  destination: "webhook",
  label: "Webhook",
  defaultPurpose: "collect",
  build(settings, { arc, idempotencyKey }) {
    const url = httpUrl(requiredText(settings, "url"), "url");
    const payload = settings.payload ?? "event";
    let body: string;
    if (payload === "event") {
      const { receivedAt, origin, ecid } = arc.request;
      body = JSON.stringify({
        xdm: arc.event.xdm,
        data: arc.event.data ?? null,
        request: { receivedAt, origin, ecid },
      });
    } else if (payload === "custom") {
      const custom = settings.body;
      if (custom === undefined || custom === null || custom === "")
        throw new EngineError("body is empty (payload custom)");
      body = typeof custom === "string" ? custom : JSON.stringify(custom);
    } else throw new EngineError(`payload must be event or custom, got ${JSON.stringify(payload)}`);
    const headers = pairsOf(settings, "headers");
    withHeader(headers, "Content-Type", "application/json");
    withHeader(headers, "Idempotency-Key", idempotencyKey);
    return { method: "POST", url, query: [], headers, body };
  },
};
