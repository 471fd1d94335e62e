import { ApiError } from "../api/ApiError.ts";

/**
 * What went wrong with a request. Field errors that forms cannot place are listed here with
 * their path. (An edit conflict with someone else's save is ConflictView's to show.)
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
