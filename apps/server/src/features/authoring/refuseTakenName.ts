import type { PropertyDocument } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";
import { ITEM_LISTS } from "./propertyResources.ts";

/**
 * 409 `name-taken` when `item` would share its name with another rule (or data element) of
 * the document. Only a change that introduces the name is refused: an item that already
 * shares its name (stored before names were checked) can still be saved under it, and
 * renaming it resolves the clash. `path` names the field for the client (`rule.name`).
 */
export function refuseTakenName(
  document: PropertyDocument,
  kind: "rule" | "dataElement",
  item: { id: string; name: string },
  path: string,
): void {
  const { field, label } = ITEM_LISTS[kind];
  const list = document[field] as ReadonlyArray<{ id: string; name: string }>;
  const before = list.find((other) => other.id === item.id);
  if (before?.name === item.name) return;
  if (list.some((other) => other.id !== item.id && other.name === item.name))
    throw apiProblems.nameTaken(path, label, item.name);
}
