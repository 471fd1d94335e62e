import { ITEM_NAME_MAX } from "@liftoff/schema";

/**
 * What is wrong with a rule's or data element's name, said as it is typed rather than after
 * Save (the server refuses the same, apiSchemas.ts). An empty name is left to the input's
 * `required`, so a new item's blank form is not marked before anything was typed.
 */
export function nameProblem(name: string): string | undefined {
  if (name.length > ITEM_NAME_MAX)
    return `at most ${ITEM_NAME_MAX} characters; this name has ${name.length}`;
  return undefined;
}
