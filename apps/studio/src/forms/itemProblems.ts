import { ApiError } from "../api/ApiError.ts";
import { problemsUnder, type PathMessage } from "./problems.ts";

/**
 * The problems of one item being edited, relative to the item: the stored revision's
 * validation findings (`rules[2]…` in the document) plus the field errors of a rejected save
 * (`rule…` in the request body).
 */
export function itemProblems(
  stored: readonly PathMessage[],
  documentPath: string | undefined,
  saveError: unknown,
  bodyKey: string,
): PathMessage[] {
  const fromDocument = documentPath === undefined ? [] : problemsUnder(stored, documentPath);
  const fromSave =
    saveError instanceof ApiError ? problemsUnder(saveError.fieldErrors, bodyKey) : [];
  return [...fromDocument, ...fromSave];
}
