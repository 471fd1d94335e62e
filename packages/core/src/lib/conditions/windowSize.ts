import compareSize, { type SizeSettings } from "../helpers/compareSize.ts";

/** Core condition "Window Size": `documentElement.clientWidth/Height` against the operators. */
export default function windowSize(settings: SizeSettings): boolean {
  const root = document.documentElement;
  return compareSize(settings, root.clientWidth, root.clientHeight);
}
