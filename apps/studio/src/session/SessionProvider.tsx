import type { SessionInfo } from "@liftoff/schema";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { StudioApi } from "../api/createStudioApi.ts";
import { SessionContext, type Session } from "./SessionContext.tsx";
import { sessionHint } from "./sessionHint.ts";

/**
 * Holds who is signed in. The API client reports every 401 through `lost`; the provider
 * then forgets the session so the app shows the sign-in page again.
 */
export default function SessionProvider({
  api,
  lost,
  children,
}: {
  api: StudioApi;
  /** Subscribes to "the session was lost" (a 401 from any request). */
  lost: (listener: () => void) => () => void;
  children: ReactNode;
}) {
  // Signed out at once when this browser has no session to resume (see sessionHint).
  const [session, setSession] = useState<SessionInfo | null | undefined>(() =>
    sessionHint.get() ? undefined : null,
  );
  const queryClient = useQueryClient();

  const accept = useCallback(
    (info: SessionInfo | null) => {
      api.client.setCsrfToken(info?.csrfToken);
      sessionHint.set(info !== null);
      setSession(info);
    },
    [api],
  );

  useEffect(() => {
    if (session !== undefined) return;
    let live = true;
    api.session
      .get()
      .then((info) => live && accept(info))
      // 401 means signed out; any other failure (server down) also ends on the sign-in
      // page, where signing in reports the real error.
      .catch(() => live && accept(null));
    return () => {
      live = false;
    };
    // Only the first render asks; later changes come from signIn, signOut and 401s.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, accept]);

  useEffect(
    () =>
      lost(() => {
        accept(null);
        queryClient.clear();
      }),
    [lost, accept, queryClient],
  );

  const value = useMemo<Session>(
    () => ({
      api,
      session,
      async signIn(username, password) {
        accept(await api.session.signIn(username, password));
      },
      async signOut() {
        try {
          await api.session.signOut();
        } finally {
          accept(null);
          queryClient.clear();
        }
      },
    }),
    [api, session, accept, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
