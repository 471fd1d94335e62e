import { randomUUID } from "node:crypto";
import { problems } from "../../http/problems.ts";
import type { Datastream } from "../../store/Store.ts";
import type { DatastreamCache } from "../datastreams/DatastreamCache.ts";

const CONFIG_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REQUEST_ID = /^[A-Za-z0-9-]{1,128}$/;

export interface ResolvedDatastream {
  datastream: Datastream;
  /** The caller's `requestId` (alloy sends a UUID), else a new one; echoed in the answer. */
  requestId: string;
  /**
   * Whether the caller sent `requestId`: only then is it a key that makes a retry of a stored
   * request store nothing again (docs/server.md, Retries).
   */
  named: boolean;
}

/**
 * The first step of every edge request: which datastream it is for (`configId`) and which
 * request id it answers under. Both come from the query string (reference edge-protocol.md
 * §3.1); they are checked before the body is read, so an unknown datastream costs no parse.
 */
export default async function resolveDatastream(
  query: unknown,
  datastreams: DatastreamCache,
): Promise<ResolvedDatastream> {
  const { configId, requestId } = (query ?? {}) as Record<string, unknown>;
  // A repeated parameter arrives as an array: refused like any other shape but a string.
  if (typeof configId !== "string" || !CONFIG_ID.test(configId))
    throw problems.invalidDatastream("configId: expected the datastream id as a query parameter.", {
      field: "configId",
    });
  if (requestId !== undefined && (typeof requestId !== "string" || !REQUEST_ID.test(requestId)))
    throw problems.invalidQuery("requestId: expected a UUID.", { field: "requestId" });
  const datastream = await datastreams.get(configId);
  if (!datastream)
    throw problems.invalidDatastream(`configId: datastream "${configId}" does not exist.`, {
      field: "configId",
    });
  return typeof requestId === "string"
    ? { datastream, requestId, named: true }
    : { datastream, requestId: randomUUID(), named: false };
}
