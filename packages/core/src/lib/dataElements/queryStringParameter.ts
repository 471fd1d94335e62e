/**
 * Core data element "Query String Parameter": the parameter's value; with `caseInsensitive`,
 * the first parameter whose name matches ignoring case.
 */
export default function queryStringParameter(settings: {
  name?: string;
  caseInsensitive?: boolean;
}): string | undefined {
  const { name, caseInsensitive } = settings;
  if (typeof name !== "string") throw new Error("settings.name must be a string.");
  const want = caseInsensitive ? name.toLowerCase() : name;
  for (const [key, value] of new URLSearchParams(location.search))
    if ((caseInsensitive ? key.toLowerCase() : key) === want) return value;
  return undefined;
}
