/**
 * The spec's "screen orientation" data element (spec §3; not in Launch Core): `portrait` or
 * `landscape`, from `screen.orientation` where the browser has it, else the window's shape.
 */
export default function screenOrientation(): "portrait" | "landscape" {
  const type = screen.orientation?.type;
  if (type) return type.startsWith("portrait") ? "portrait" : "landscape";
  return innerHeight > innerWidth ? "portrait" : "landscape";
}
