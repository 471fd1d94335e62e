import getCookie from "../helpers/reactorCookie.ts";

/** Core data element "Cookie": `cookie.get(name)`, undefined when absent. */
export default function cookie(settings: { name?: string }): string | undefined {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  return getCookie(settings.name);
}
