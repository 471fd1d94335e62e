/** Core data element "Local Storage": `localStorage.getItem(name)`, null when storage is blocked. */
export default function localStorage(settings: { name?: string }): string | null {
  if (typeof settings.name !== "string") throw new Error("settings.name must be a string.");
  try {
    return window.localStorage.getItem(settings.name);
  } catch {
    return null;
  }
}
