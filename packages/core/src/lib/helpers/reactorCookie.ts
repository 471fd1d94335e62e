import { env } from "../env.ts";

/**
 * `cookie.get(name)` of Launch's `@adobe/reactor-cookie` (js-cookie semantics), which Core's
 * cookie data element and condition read through, as Adobe's Core does (reference §5.2, §5.4): one
 * reader of `document.cookie` in the library for both, the engine's.
 */
export default function getCookie(name: string): string | undefined {
  const cookie = env.require("@adobe/reactor-cookie") as { get(name: string): string | undefined };
  return cookie.get(name);
}
