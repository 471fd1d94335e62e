import type { ExtensionUser } from "@liftoff/schema";
import { Link } from "react-router";

/**
 * Why an extension cannot be removed: the rules and data elements that use its modules, each
 * linked to its editor (the server refuses the removal the same way).
 */
export default function ExtensionUsersNote({
  id,
  pid,
  name,
  users,
}: {
  id: string;
  pid: string;
  name: string;
  users: readonly ExtensionUser[];
}) {
  if (name === "core")
    return <p className="hint">Core runs every library; it cannot be removed.</p>;
  if (users.length === 0) return null;
  const base = `/properties/${encodeURIComponent(pid)}`;
  return (
    <div id={id} className="notice">
      <p>Used by the following; change or delete them before removing this extension:</p>
      <ul>
        {users.map((u) => (
          <li key={`${u.kind}-${u.id}`}>
            {u.kind === "rule" ? "Rule " : "Data element "}
            <Link
              to={`${base}/${u.kind === "rule" ? "rules" : "data-elements"}/${encodeURIComponent(u.id)}`}
            >
              {u.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
