import { ROLES, type Role } from "@liftoff/schema";

/** Roles are cumulative: viewer < editor < approver < admin (api.ts). */
export default function hasRole(actual: Role, needed: Role): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(needed);
}
