import type { PropertyDocument } from "@liftoff/schema";
import type { BuilderApi } from "./BuilderApi.ts";
import { apiProblems } from "../../http/apiProblems.ts";
import { ITEM_LISTS } from "./propertyResources.ts";

/**
 * 422 `item-has-problems` when the enabled rule (or data element) `id` of the changed
 * document has validation problems. Builds include every enabled item, so an unfinished one
 * is saved disabled: this is what keeps a broken item from reaching the next build unnoticed.
 * The errors are named as the request body names the item (`bodyPath`, by default `rule`
 * or `dataElement`: `rules[3].events` → `rule.events`).
 */
export function refuseItemProblems(
  builder: BuilderApi,
  document: PropertyDocument,
  kind: "rule" | "dataElement",
  id: string,
  bodyPath: string = kind,
): void {
  const { field, label } = ITEM_LISTS[kind];
  const list = document[field] as ReadonlyArray<{ id: string; name: string; enabled?: boolean }>;
  const index = list.findIndex((item) => item.id === id);
  const item = list[index];
  if (!item || item.enabled === false) return;
  const prefix = `${field}[${index}]`;
  const errors = builder
    .validateProperty(document)
    .filter((p) => p.path === prefix || p.path.startsWith(`${prefix}.`))
    // Clashing names and ids are refuseTakenName's and the lock's to judge.
    .filter((p) => p.path !== `${prefix}.name` && p.path !== `${prefix}.id`)
    .map((p) => ({ path: `${bodyPath}${p.path.slice(prefix.length)}`, message: p.message }));
  if (errors.length > 0) throw apiProblems.itemHasProblems(label, item.name, errors);
}
