import { isObject, type Dict } from "../validate.ts";

/** A copy of `target` without the field at dot-separated `path` (objects on the way are copied). */
export default function deletePath(target: Dict, path: string): Dict {
  const [head, ...rest] = path.split(".");
  if (!head || !(head in target)) return target;
  const copy = { ...target };
  if (!rest.length) delete copy[head];
  else if (isObject(copy[head])) copy[head] = deletePath(copy[head], rest.join("."));
  return copy;
}
