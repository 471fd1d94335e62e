import { isObject, type Dict } from "./validate.ts";

/** Merges `source` into `target` in place: objects recursively, anything else replaces. */
export default function mergeDeep(target: Dict, source: unknown): Dict {
  if (!isObject(source)) return target;
  for (const key in source) {
    const value = source[key];
    if (isObject(value)) {
      const existing = target[key];
      target[key] = mergeDeep(isObject(existing) ? existing : {}, value);
    } else if (value !== undefined) {
      target[key] = value;
    }
  }
  return target;
}
