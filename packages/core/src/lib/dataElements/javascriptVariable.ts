import getObjectProperty from "../helpers/getObjectProperty.ts";

/** Core data element "JavaScript Variable": a window dot path such as `digitalData.page.name`. */
export default function javascriptVariable(settings: { path?: string }): unknown {
  if (typeof settings.path !== "string") throw new Error("settings.path must be a string.");
  return getObjectProperty(window, settings.path);
}
