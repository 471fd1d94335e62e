/** One row of the extension's "variables" setting, as the Launch UI stores it. */
export interface ExtensionVariable {
  name: string;
  value: unknown;
}

// Keys whose Launch text value is a number or a JSON object (everything else stays text,
// or becomes a boolean when it reads "true"/"false").
const NUMBERS = ["loadTimeout", "idSyncContainerID", "sdidParamExpiry", "optInStorageExpiry"];
const OBJECTS = ["preOptInApprovals", "previousPermissions"];

/**
 * Maps the extension's `variables` setting to a Visitor config, converting the text the
 * Launch UI stores ("true", "30000", '{"aa":true}') to the types `Visitor.getInstance`
 * checks. A row without a name, or a value that does not convert, is reported with its
 * position and skipped, so one bad row never stops identity.
 */
export default function toVisitorConfig(
  variables: unknown,
  warn: (message: string) => void,
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (variables === undefined) return config;
  if (!Array.isArray(variables)) {
    warn("Ignoring settings.variables: expected an array of { name, value }.");
    return config;
  }
  variables.forEach((row: Partial<ExtensionVariable> | null, index) => {
    const field = `settings.variables[${index}]`;
    if (typeof row?.name !== "string" || !row.name) {
      warn(`Ignoring ${field}: "name" must be a non-empty string.`);
      return;
    }
    let value = row.value;
    if (value === "true" || value === "false") value = value === "true";
    else if (typeof value === "string" && NUMBERS.includes(row.name)) {
      const number = Number(value);
      if (!value.trim() || !Number.isFinite(number)) {
        warn(`Ignoring ${field} (${row.name}): ${JSON.stringify(value)} is not a number.`);
        return;
      }
      value = number;
    } else if (typeof value === "string" && OBJECTS.includes(row.name))
      try {
        value = JSON.parse(value);
      } catch {
        warn(`Ignoring ${field} (${row.name}): ${JSON.stringify(row.value)} is not JSON.`);
        return;
      }
    config[row.name] = value;
  });
  return config;
}
