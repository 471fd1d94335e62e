/**
 * Core's user-agent tables (packages/core/src/lib/helpers/clientInfo.ts): the names its
 * browser, operating-system and device-type conditions compare. Kept equal to Core's by
 * packages/builder/src/previewParity.test.ts (the runtime cannot depend on Core).
 */
type Table = [string, RegExp][];
export const CLIENT_TABLES: Record<"browser" | "os" | "device", Table> = {
  browser: [
    ["Edge", /Edg(e|A|iOS)?\//],
    ["IE", /MSIE |Trident\//],
    ["Chrome", /Chrome\/|CriOS\//],
    ["Firefox", /Firefox\/|FxiOS\//],
    ["Mobile Safari", /Mobile\/.*Safari\//],
    ["Safari", /Safari\//],
  ],
  os: [
    ["iOS", /iPhone|iPad|iPod/],
    ["Android", /Android/],
    ["Windows", /Windows/],
    ["MacOS", /Macintosh|Mac OS X/],
    ["Linux", /Linux/],
    ["Unix", /X11|BSD|SunOS/],
  ],
  device: [
    ["iPhone", /iPhone/],
    ["iPad", /iPad/],
    ["iPod", /iPod/],
    ["Nokia", /Nokia|Symbian/],
    ["Windows Phone", /Windows Phone/],
    ["Blackberry", /BlackBerry|BB10/],
    ["Android", /Android/],
    ["Desktop", /[\s\S]*/],
  ],
};

/** The first name whose pattern matches the user agent, or "". */
export function detectClient(kind: keyof typeof CLIENT_TABLES, userAgent = navigator.userAgent) {
  for (const [name, pattern] of CLIENT_TABLES[kind]) if (pattern.test(userAgent)) return name;
  return "";
}
