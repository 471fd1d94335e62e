/** Core data element "Device Attributes": `windowSize` or `screenSize` as `"WxH"`. */
export default function deviceAttributes(settings: { attribute?: string }): string {
  if (settings.attribute === "screenSize") return `${screen.width}x${screen.height}`;
  if (settings.attribute === "windowSize") {
    const root = document.documentElement;
    return `${root.clientWidth}x${root.clientHeight}`;
  }
  throw new Error("settings.attribute must be windowSize or screenSize.");
}
