import { ApiError } from "../api/ApiError.ts";

/**
 * What went wrong with a save. A 409 means someone else saved first: the property has been
 * reloaded and the user must look again before saving. Field errors that forms cannot place
 * are listed here with their path.
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
  if (error instanceof ApiError && error.isConflict) {
    const now = error.problem.currentRevision;
    return (
      <div role="alert" className="error conflict">
        Someone else changed this property
        {now !== undefined ? ` (it is now at revision ${now})` : ""}. The latest version has been
        loaded; check it and save again.
      </div>
    );
  }
  const message =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : "The request failed.";
  const unplaced =
    error instanceof ApiError ? error.fieldErrors.filter((f) => !placed(f.path)) : [];
  return (
    <div role="alert" className="error">
      <p>{message}</p>
      {unplaced.length > 0 && (
        <ul>
          {unplaced.map((f) => (
            <li key={f.path + f.message}>
              <code>{f.path}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
