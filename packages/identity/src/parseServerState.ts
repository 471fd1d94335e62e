export interface ServerState {
  customerIDs?: Record<string, unknown>;
  sdid?: string;
}

export const INVALID_SERVER_STATE = "`serverState` has an invalid format.";

/**
 * `serverState` hands a server-side Visitor's state to the page: a JSON string or an object
 * keyed by org ID, each with optional `customerIDs` and `sdid` (the current supplemental data
 * ID). Anything unreadable throws the 5.5.0 message.
 */
export default function parseServerState(input: unknown, orgId: string): ServerState | undefined {
  if (input === undefined || input === null || input === "") return undefined;
  let own: unknown;
  try {
    const state: unknown = typeof input === "string" ? JSON.parse(input) : input;
    own = (state as Record<string, unknown>)[orgId];
    if (
      typeof state !== "object" ||
      Array.isArray(state) ||
      (own !== undefined && typeof own !== "object")
    )
      throw Error();
  } catch {
    throw new Error(INVALID_SERVER_STATE);
  }
  const { customerIDs, sdid } = (own ?? {}) as { customerIDs?: unknown; sdid?: unknown };
  return {
    customerIDs:
      typeof customerIDs === "object" && customerIDs
        ? (customerIDs as Record<string, unknown>)
        : undefined,
    sdid: typeof sdid === "string" ? sdid : undefined,
  };
}
