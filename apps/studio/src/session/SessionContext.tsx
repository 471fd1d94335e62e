import type { Role, SessionInfo } from "@liftoff/schema";
import { createContext, useContext } from "react";
import type { StudioApi } from "../api/createStudioApi.ts";

export interface Session {
  api: StudioApi;
  /** Undefined while the first GET /api/session is in flight; null when signed out. */
  session: SessionInfo | null | undefined;
  signIn: (username: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession needs a <SessionProvider>");
  return value;
}

export function useApi(): StudioApi {
  return useSession().api;
}

export function useRole(): Role | undefined {
  return useSession().session?.user.role;
}
