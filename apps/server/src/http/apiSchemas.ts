import { ITEM_NAME_MAX, LIBRARY_RESOURCE_KINDS, RESOURCE_KINDS } from "@liftoff/schema";

/**
 * Pieces of the studio API's route schemas (Fastify compiles them with AJV; a failure is a
 * 400 whose `errors[].path` names the field, http/fieldErrorsOf.ts). A `description` is the
 * message a client sees when the value does not fit. Deep checks of property content
 * (settings, module paths, names) stay with the builder's validateProperty, which also names
 * fields.
 */

/** A name or label: not blank, at most `max` characters. */
export const text = (max = 200) =>
  ({
    type: "string",
    minLength: 1,
    maxLength: max,
    pattern: "\\S",
    description: `expected a non-empty string of at most ${max} characters`,
  }) as const;

/** A revision, limit or count in a JSON body. */
export const positiveInteger = {
  type: "integer",
  minimum: 1,
  maximum: 2_147_483_647,
  description: "expected a positive integer",
} as const;

/** The same in a query or URL parameter, which arrive as text. */
export const positiveIntegerText = {
  type: "string",
  pattern: "^[1-9][0-9]{0,9}$",
  description: "expected a positive integer",
} as const;

/** An id of an item the client sends; blank or absent means "give it a new one". */
export const itemId = {
  type: "string",
  pattern: "^[A-Za-z0-9_-]{0,64}$",
  description: "expected letters, digits, _ or - (at most 64)",
} as const;

/** An object whose content the builder checks; `id` checked here when it is sent. */
export const item = { type: "object", properties: { id: itemId } } as const;

/** A rule or data element: an item with a name of 1 to ITEM_NAME_MAX characters. */
export const namedItem = {
  type: "object",
  required: ["name"],
  properties: { id: itemId, name: text(ITEM_NAME_MAX) },
} as const;

export const resourceKind = { type: "string", enum: [...RESOURCE_KINDS] } as const;
export const libraryResourceKind = { type: "string", enum: [...LIBRARY_RESOURCE_KINDS] } as const;

/** `?revision=N`: the revision a DELETE started from. */
export const revisionQuery = {
  type: "object",
  required: ["revision"],
  properties: { revision: positiveIntegerText },
} as const;

/** A body with the revision the change started from, and `members`. */
export const revisedBody = (
  members: Record<string, unknown>,
  required: string[] = [],
): Record<string, unknown> => ({
  type: "object",
  required: ["revision", ...required],
  properties: { revision: positiveInteger, ...members },
});

/** `{kind, id}` of a library resource. */
export const resourceRef = {
  type: "object",
  required: ["kind", "id"],
  properties: { kind: libraryResourceKind, id: text(64) },
} as const;
