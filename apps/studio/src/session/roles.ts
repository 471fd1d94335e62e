import { ROLES, type Role } from "@liftoff/schema";

/** Roles are cumulative (viewer < editor < approver < admin), as the API enforces them. */
export function hasRole(actual: Role | undefined, needed: Role): boolean {
  if (!actual) return false;
  return ROLES.indexOf(actual) >= ROLES.indexOf(needed);
}
