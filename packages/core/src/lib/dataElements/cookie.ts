import readCookie from "../helpers/readCookie.ts";

/** Core data element "Cookie": the decoded value, or undefined when absent. */
export default function cookie(settings: { name?: string }): string | undefined {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  return readCookie(settings.name);
}
