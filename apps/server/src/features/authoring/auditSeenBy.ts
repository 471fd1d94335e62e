import type { AuditEntry, Role } from "@liftoff/schema";

/**
 * Actions whose `target` is a preview session id. The id is the capability to watch the
 * session and to post reports into it (docs/preview.md, Who may do what), so it is shown to
 * the session's link holders and admins, not to everyone who reads the log.
 */
const SESSION_TARGETS = new Set(["preview.start", "preview.end"]);

/** `detail` members that are a person's data: the address a sign-in came from. */
const PERSONAL_DETAIL = ["ip"];

function withoutSecrets(entry: AuditEntry): AuditEntry {
  const { target, detail, ...rest } = entry;
  const shown: AuditEntry = { ...rest };
  if (target !== undefined && !SESSION_TARGETS.has(entry.action)) shown.target = target;
  if (detail !== null && typeof detail === "object" && !Array.isArray(detail)) {
    const kept = Object.entries(detail).filter(([name]) => !PERSONAL_DETAIL.includes(name));
    // A detail that held only an address goes with it.
    if (kept.length > 0) shown.detail = Object.fromEntries(kept);
  } else if (detail !== undefined) shown.detail = detail;
  return shown;
}

/**
 * The audit log as `role` may read it (docs/api.md, Audit and events): admins get every
 * field; every other role (and a request without a session, tests only) gets the entries
 * without preview session ids and sign-in addresses.
 *
 * @example auditSeenBy(await store.audit.list(), request.signed?.user.role)
 */
export default function auditSeenBy(entries: AuditEntry[], role: Role | undefined): AuditEntry[] {
  return role === "admin" ? entries : entries.map(withoutSecrets);
}
