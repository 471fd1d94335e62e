import { problems } from "../../http/problems.ts";
import type { Datastream } from "../../store/Store.ts";

/**
 * A datastream names the page origins that may send to it; the browser's `Origin` header is
 * the one thing a page cannot forge, so it is checked before the body is parsed or stored.
 */
export default function checkOrigin(origin: string | undefined, datastream: Datastream): void {
  // Closed by default: a browser page may send only from an origin the datastream lists
  // (an empty list refuses every page). Without an Origin header (servers, apps) the
  // request is not a page's, and no list can speak for it.
  if (origin && !datastream.allowedOrigins.includes(origin))
    throw problems.originNotAllowed(`Origin ${origin} may not send to this datastream.`, {
      field: "origin",
    });
}
