/** The action modules of event forwarding properties, by module path (docs/event-forwarding.md). */
import { ga4Mp } from "./ga4Mp.ts";
import { httpRequest } from "./httpRequest.ts";
import { linkedinCapi } from "./linkedinCapi.ts";
import { metaCapi } from "./metaCapi.ts";
import type { DestinationForm } from "./requestParts.ts";
import { webhook } from "./webhook.ts";

export const destinationForms: Record<string, DestinationForm> = {
  "http-connector/src/lib/actions/sendHttpRequest.js": httpRequest,
  "meta-capi/src/lib/actions/sendEvent.js": metaCapi,
  "ga4-mp/src/lib/actions/sendEvent.js": ga4Mp,
  "linkedin-capi/src/lib/actions/sendConversion.js": linkedinCapi,
  "webhook/src/lib/actions/sendEvent.js": webhook,
};
