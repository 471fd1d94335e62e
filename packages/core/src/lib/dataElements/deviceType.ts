/**
 * The spec's "device type" data element (spec §4, §9; not in Launch Core): from the screen
 * width, under 768 px `mobile`, under 1024 px `tablet`, otherwise `desktop`.
 */
export default function deviceType(): "mobile" | "tablet" | "desktop" {
  const width = screen.width;
  return width < 768 ? "mobile" : width < 1024 ? "tablet" : "desktop";
}
