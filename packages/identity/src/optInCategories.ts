/** Opt-in categories (spec §5; reference §7), exposed as `adobe.OptInCategories`. */
export const OPT_IN_CATEGORIES = {
  AAM: "aam",
  ADCLOUD: "adcloud",
  ANALYTICS: "aa",
  CAMPAIGN: "campaign",
  ECID: "ecid",
  LIVEFYRE: "livefyre",
  TARGET: "target",
  MEDIA_ANALYTICS: "mediaaa",
} as const;

/** Opt-in status values (spec §4). */
export const OPT_IN_STATUS = {
  PENDING: "pending",
  CHANGED: "changed",
  COMPLETE: "complete",
} as const;

export const INVALID_CATEGORY =
  "[OptIn] Invalid category(-ies). Please use the `OptIn.Categories` enum.";

const ALL: string[] = Object.values(OPT_IN_CATEGORIES);

/**
 * A category argument as a list: a string or an array of strings, each one of the eight
 * categories. Throws the exact 5.5.0 message otherwise (spec §8).
 */
export default function toCategories(categories: unknown): string[] {
  const list: unknown[] = Array.isArray(categories) ? categories : [categories];
  if (!list.length || list.some((c) => !ALL.includes(c as string)))
    throw new Error(INVALID_CATEGORY);
  return list as string[];
}

export { ALL as ALL_CATEGORIES };
