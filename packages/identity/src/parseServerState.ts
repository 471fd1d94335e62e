export interface ServerState {
  customerIDs?: unknown;
  sdid?: unknown;
}

export const INVALID_SERVER_STATE = "`serverState` has an invalid format.";

/**
 * `serverState` hands a server-side Visitor's state to the page: a JSON string or an object
 * keyed by org ID, each with optional `customerIDs` (checked like `setCustomerIDs` input)
 * and `sdid` (the current supplemental data ID). Anything unreadable throws the 5.5.0
 * message.
 */
export default function parseServerState(input: unknown, orgId: string): ServerState | undefined {
  if (!input) return undefined;
  try {
    const state = (typeof input === "string" ? JSON.parse(input) : input) as Record<
      string,
      unknown
    >;
    const own = state[orgId] ?? {};
    if (typeof state === "object" && !Array.isArray(state) && typeof own === "object") return own;
  } catch {
    // Unparseable JSON falls through to the 5.5.0 error below.
  }
  throw new Error(INVALID_SERVER_STATE);
}
