/** Core condition "Protocol": `http:` or `https:`, ignoring case. */
export default function protocol(settings: { protocol?: string }): boolean {
  if (typeof settings.protocol !== "string") throw new Error("settings.protocol must be a string.");
  return settings.protocol.toLowerCase() === location.protocol.toLowerCase();
}
