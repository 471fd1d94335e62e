/** Core data element "Session Storage": `sessionStorage.getItem(name)`, null when storage is blocked. */
export default function sessionStorage(settings: { name?: string }): string | null {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  try {
    return window.sessionStorage.getItem(settings.name);
  } catch {
    return null;
  }
}
