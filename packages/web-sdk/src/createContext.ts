import type { Dict } from "./validate.ts";

/** What `xdm.implementationDetails` says about this client (edge-protocol.md §3.2). */
export const VERSION = "2.26.0";
export const IMPLEMENTATION = {
  name: "https://ns.adobe.com/experience/alloy",
  version: `${VERSION}+liftoff`,
  environment: "browser",
};

const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, "0");

/** ISO 8601 in local time with the offset, e.g. `2026-11-21T16:29:38.031+01:00`. */
const localTime = (d: Date) => {
  const offset = -d.getTimezoneOffset();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, "0")}${offset < 0 ? "-" : "+"}${pad(offset / 60)}:${pad(offset % 60)}`;
};

/**
 * The automatic part of an event's XDM for the configured `context` names: web page and
 * referrer, screen, viewport, local time, timestamp and implementation details.
 */
export default function createContext(names: string[], win: Window = window): Dict {
  const now = new Date();
  const xdm: Dict = {};
  const { screen, document: doc } = win;
  if (names.includes("web"))
    xdm.web = {
      webPageDetails: { URL: win.location.href },
      webReferrer: { URL: doc.referrer },
    };
  if (names.includes("device")) {
    const type = screen.orientation?.type;
    const orientation = type
      ? type.split("-")[0]
      : win.matchMedia?.("(orientation: portrait)").matches
        ? "portrait"
        : "landscape";
    xdm.device = {
      screenHeight: screen.height,
      screenWidth: screen.width,
      screenOrientation: orientation,
    };
  }
  if (names.includes("environment"))
    xdm.environment = {
      type: "browser",
      browserDetails: {
        viewportWidth: doc.documentElement.clientWidth,
        viewportHeight: doc.documentElement.clientHeight,
      },
    };
  if (names.includes("placeContext"))
    xdm.placeContext = {
      localTimezoneOffset: now.getTimezoneOffset(),
      localTime: localTime(now),
    };
  xdm.timestamp = now.toISOString();
  xdm.implementationDetails = IMPLEMENTATION;
  return xdm;
}
