import { env } from "../env.ts";

/**
 * `cookie.get(name)` of Launch's `@adobe/reactor-cookie` (js-cookie 2 semantics), which Core's
 * cookie data element and condition read through, as Adobe's Core does (reference §5.2,
 * §5.4): the library's one reader of `document.cookie` for both is then the engine's.
 */
export default function getCookie(name: string): string | undefined {
  const cookie = env.require("@adobe/reactor-cookie") as { get(name: string): string | undefined };
  return cookie.get(name);
}
