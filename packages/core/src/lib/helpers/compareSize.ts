export interface SizeSettings {
  widthOperator?: ">" | "=" | "<";
  width?: number;
  heightOperator?: ">" | "=" | "<";
  height?: number;
}

const compare = (actual: number, operator: string | undefined, expected: number, field: string) => {
  if (operator === ">") return actual > expected;
  if (operator === "<") return actual < expected;
  if (operator === "=") return actual === expected;
  throw new Error(`settings.${field}Operator must be ">", "=" or "<".`);
};

/** Core's width/height comparison for screen-resolution and window-size. */
export default function compareSize(settings: SizeSettings, width: number, height: number) {
  return (
    compare(width, settings.widthOperator, Number(settings.width), "width") &&
    compare(height, settings.heightOperator, Number(settings.height), "height")
  );
}
