import type { Role } from "@liftoff/schema";
import type { ReactNode } from "react";
import { hasRole } from "./roles.ts";
import { useRole } from "./SessionContext.tsx";

/** Renders its children only for users with at least `role`; the API enforces it anyway. */
export default function Can({ role, children }: { role: Role; children: ReactNode }) {
  return hasRole(useRole(), role) ? children : null;
}

export function useCan(role: Role): boolean {
  return hasRole(useRole(), role);
}
