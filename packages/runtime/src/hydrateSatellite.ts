import cookie from "./reactor/cookie.ts";
import type { Runtime } from "./types.ts";

export type Satellite = Record<string, unknown>;

/**
 * The page-facing `_satellite` API (reference §2.1). Core replaces `track` and `pageBottom`;
 * the ECID extension replaces `getVisitorId`. Deprecated members keep working and say so.
 */
export default function hydrateSatellite(satellite: Satellite, rt: Runtime): void {
  const { logger_: logger, data_: data, container_: container } = rt;
  const custom = logger.prefixed_("Custom Script");
  const deprecated = (what: string, instead: string) =>
    logger.deprecation(`_satellite.${what} is deprecated. Please use ${instead}`);
  let containerWarned = false;
  Object.assign(satellite, {
    track: (id: string) => logger.log(`"${id}" does not match any direct call identifiers.`),
    getVar: data.getVar,
    setVar: data.setVar,
    getVisitorId: () => null,
    property: rt.property_,
    company: container.company,
    buildInfo: rt.buildInfo_,
    environment: container.environment,
    logger: custom,
    notify(message: unknown, level?: number) {
      deprecated("notify", "the `_satellite.logger` API.");
      // Launch's numeric levels: 3 info, 4 warn, 5 error, anything else log.
      custom[(["info", "warn", "error"] as const)[(level as number) - 3] || "log"](message);
    },
    cookie,
    setCookie(name: string, value: string, days?: number) {
      deprecated(
        "setCookie",
        `_satellite.cookie.set("${name}", "${value}"${days ? `, { expires: ${days} }` : ""}).`,
      );
      cookie.set(name, value, days ? { expires: days } : {});
    },
    readCookie(name: string) {
      deprecated("readCookie", `_satellite.cookie.get("${name}").`);
      return cookie.get(name);
    },
    removeCookie(name: string) {
      deprecated("removeCookie", `_satellite.cookie.remove("${name}").`);
      cookie.remove(name);
    },
    pageBottom() {},
    setDebug: (value: unknown) => rt.debug_.set_(!!value),
  });
  Object.defineProperty(satellite, "_container", {
    get() {
      if (!containerWarned) {
        containerWarned = true;
        logger.warn(
          "_satellite._container may change at any time and should only be used for debugging.",
        );
      }
      return container;
    },
  });
}
