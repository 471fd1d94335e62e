import type { EditConflict } from "@liftoff/schema";
import { problemsUnder, type FieldError } from "./HttpError.ts";

const make = problemsUnder("urn:liftoff:errors:api:");

const kindLabel: Record<EditConflict["resource"]["kind"], string> = {
  rule: "rule",
  dataElement: "data element",
  extension: "extension",
  environment: "environment",
  settings: "the property settings",
};

/** The studio API's problem catalogue (docs/api.md lists it); each one is an HttpError. */
export const apiProblems = {
  invalidBody: (errors: FieldError[]) =>
    make(
      400,
      "invalid-body",
      "Invalid request",
      errors.map((e) => `${e.path}: ${e.message}`).join("; "),
      { errors },
    ),
  invalidField: (path: string, message: string) => apiProblems.invalidBody([{ path, message }]),
  unauthenticated: (detail = "Sign in first (POST /api/session).") =>
    make(401, "unauthenticated", "Not signed in", detail),
  badCredentials: () =>
    make(
      401,
      "bad-credentials",
      "Wrong username or password",
      "The username or the password is wrong.",
      {
        field: "password",
      },
    ),
  csrf: () =>
    make(
      403,
      "csrf",
      "Missing or wrong CSRF token",
      "Send the session's csrfToken (from GET /api/session) in the x-csrf-token header.",
      { field: "x-csrf-token" },
    ),
  forbidden: (needed: string, actual: string) =>
    make(403, "forbidden", "Not allowed", `This needs the ${needed} role; you are ${actual}.`),
  /** A role may take a step but not change this one setting (`setting` is its label). */
  adminSetting: (setting: string, actual: string) =>
    make(
      403,
      "forbidden",
      "Not allowed",
      `Only an admin may change "${setting}"; you are ${actual}.`,
    ),
  /**
   * Separation of duties (the property's `separationOfDuties`): whoever submitted a library
   * cannot approve it, nor publish it straight from submitted. `submittedBy` names them.
   */
  approverIsSubmitter: (library: string, submittedBy: string) =>
    make(
      403,
      "approver-is-submitter",
      "Another approver must approve this library",
      `${submittedBy} submitted library "${library}", and this property requires the approver to differ from the submitter: another approver or an admin must approve it. The submitter may still reject it to withdraw it.`,
      { members: { submittedBy } },
    ),
  notFound: (what: string) => make(404, "not-found", "Not found", `${what} does not exist.`),
  conflict: (detail: string) => make(409, "conflict", "Conflict", detail),
  /** A new or imported property whose id is taken: `existing` names it, for a link to it. */
  propertyExists: (existing: { id: string; name: string }) =>
    make(
      409,
      "property-exists",
      "Property already exists",
      `This property is already here as "${existing.name}" (${existing.id}): open it, import the library as a copy (?mode=copy), or update the property from it (?mode=update).`,
      { field: "property.id", members: { existing } },
    ),
  /**
   * An import update (`?mode=update`) computed from a revision the property has moved past:
   * the person confirmed changes against what they saw, so nothing is written.
   */
  propertyChanged: (stale: {
    yourRevision: number;
    currentRevision: number;
    changedBy: string;
    changedAt: string;
  }) =>
    make(
      409,
      "property-changed",
      "The property changed meanwhile",
      `${stale.changedBy} changed the property at ${stale.changedAt} (revision ${stale.currentRevision}); the update was based on revision ${stale.yourRevision}. Nothing was saved: look at what the update would change now, and confirm again.`,
      { field: "revision", members: { stale } },
    ),
  /** Removing an extension that rules or data elements still use (`users` names them). */
  extensionInUse: (name: string, detail: string, users: unknown[]) =>
    make(409, "extension-in-use", "Extension in use", detail, {
      members: { extension: name, users },
    }),
  /** Core runs every library (its events, conditions, data elements); it cannot be removed. */
  coreRequired: () =>
    make(409, "core-required", "Core is required", "The Core extension cannot be removed."),
  /** Another item of the list already has the name (`path` names the field, e.g. `rule.name`). */
  nameTaken: (path: string, label: string, name: string) =>
    make(409, "name-taken", "Name taken", `A ${label} named "${name}" already exists.`, {
      field: path,
    }),
  editConflict: (conflict: EditConflict) =>
    make(
      409,
      "edit-conflict",
      "Someone else changed this",
      `${conflict.changedBy} saved ${kindLabel[conflict.resource.kind]} "${conflict.resource.name}" at ${conflict.changedAt} (revision ${conflict.currentRevision}); you started from revision ${conflict.yourRevision}. Nothing was saved: compare, merge, and save again with revision ${conflict.currentRevision}.`,
      { field: "revision", members: { conflict } },
    ),
  wrongState: (detail: string) => make(409, "library-state", "Library is in another state", detail),
  notBuildable: (errors: FieldError[]) =>
    make(
      422,
      "property-invalid",
      "The property has validation problems",
      `Fix ${errors.length} problem(s) before building: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`,
      { errors },
    ),
  /**
   * An enabled rule or data element would be saved with problems (`errors` name its fields,
   * `rule.actions[0].settings.source`). Unfinished work is saved disabled instead.
   */
  itemHasProblems: (label: string, name: string, errors: FieldError[]) =>
    make(
      422,
      "item-has-problems",
      `This ${label} has problems`,
      `The ${label} "${name}" has ${errors.length} problem${errors.length === 1 ? "" : "s"}: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}. Fix ${errors.length === 1 ? "it" : "them"}, or save the ${label} disabled: no build includes a disabled ${label}.`,
      { errors },
    ),
  /**
   * The property settings would be saved with problems the builder's structure check lets
   * through: a reporting mapping that names unknown fields, clashing names, bad field paths
   * (`errors` name them, `settings.reporting.fields[0].paths[1]`).
   */
  settingsHaveProblems: (errors: FieldError[]) =>
    make(
      422,
      "settings-have-problems",
      "The property settings have problems",
      `The property settings have ${errors.length} problem${errors.length === 1 ? "" : "s"}: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}. Nothing was saved.`,
      { errors },
    ),
  buildFailed: (detail: string) => make(422, "build-failed", "Build failed", detail),
  tooManyAttempts: (seconds: number) =>
    make(429, "too-many-attempts", "Too many failed sign-ins", `Try again in ${seconds} s.`, {
      headers: { "retry-after": String(seconds) },
    }),
};
