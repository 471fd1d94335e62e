import { Link } from "react-router";
import { ApiError } from "../api/ApiError.ts";

/** An import of a property already here: a link to it, where the problem names it. */
export default function ExistingProperty({ error }: { error: unknown }) {
  const existing = error instanceof ApiError ? error.problem.existing : undefined;
  if (!existing) return null;
  return (
    <p>
      <Link to={`/properties/${encodeURIComponent(existing.id)}`}>Open “{existing.name}”</Link>
    </p>
  );
}
