import compareSize, { type SizeSettings } from "../helpers/compareSize.ts";

/** Core condition "Screen Resolution": `screen.width/height` against the operators. */
export default function screenResolution(settings: SizeSettings): boolean {
  return compareSize(settings, screen.width, screen.height);
}
