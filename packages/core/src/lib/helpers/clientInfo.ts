/**
 * User-agent tables for the browser, operating-system and device-type conditions
 * (reference §5.2: Core's names; first match wins, so the more specific come first —
 * Edge and Chrome before Safari, the phones before Android).
 */
type Table = [string, RegExp][];

export const browsers: Table = [
  ["Edge", /Edg(e|A|iOS)?\//],
  ["IE", /MSIE |Trident\//],
  ["Chrome", /Chrome\/|CriOS\//],
  ["Firefox", /Firefox\/|FxiOS\//],
  ["Mobile Safari", /Mobile\/.*Safari\//],
  ["Safari", /Safari\//],
];

export const operatingSystems: Table = [
  ["iOS", /iPhone|iPad|iPod/],
  ["Android", /Android/],
  ["Windows", /Windows/],
  ["MacOS", /Macintosh|Mac OS X/],
  ["Linux", /Linux/],
  ["Unix", /X11|BSD|SunOS/],
];

export const deviceTypes: Table = [
  ["iPhone", /iPhone/],
  ["iPad", /iPad/],
  ["iPod", /iPod/],
  ["Nokia", /Nokia|Symbian/],
  ["Windows Phone", /Windows Phone/],
  ["Blackberry", /BlackBerry|BB10/],
  ["Android", /Android/],
  ["Desktop", /[\s\S]*/],
];

/** The first name in `table` whose pattern matches the user agent, or "". */
export function detect(table: Table, userAgent = navigator.userAgent): string {
  for (const [name, pattern] of table) if (pattern.test(userAgent)) return name;
  return "";
}

/** True when the detected name is one of `wanted` (a condition's settings list). */
export function isOneOf(table: Table, wanted: unknown, field: string): boolean {
  if (!Array.isArray(wanted)) throw new Error(`settings.${field} must be an array.`);
  return wanted.includes(detect(table));
}
