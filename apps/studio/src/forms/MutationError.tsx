import { ApiError } from "../api/ApiError.ts";
import { fieldPathLabel } from "./fieldPathLabel.ts";

/**
 * What went wrong with a request. Field errors that forms cannot place are listed here, their
 * path in words. (An edit conflict with someone else's save is ConflictView's to show.)
 */
export default function MutationError({
  error,
  placed = () => false,
}: {
  error: unknown;
  /** True for field errors the form already shows next to their field. */
  placed?: (path: string) => boolean;
}) {
  if (!error) return null;
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
  // With field errors, the detail only repeats them: the title heads the list (or the fields).
  const message =
    error instanceof ApiError && fieldErrors.length > 0
      ? error.problem.title
      : error instanceof Error
        ? error.message
        : typeof error === "string"
          ? error
          : "The request failed.";
  const unplaced = fieldErrors.filter((f) => !placed(f.path));
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map((f) => (
            <li key={f.path + f.message}>
              {fieldPathLabel(f.path)}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
