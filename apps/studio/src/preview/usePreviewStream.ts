import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import { useEffect, useState } from "react";
import type { LiveStatus } from "../events/useLiveEvents.ts";
import { traceKey } from "./groupTraces.ts";

const RETRY_MS = 10_000;
/** The server keeps a session's last 2,000 records; the panel keeps as many. */
const LIMIT = 2_000;

/**
 * A preview session as it runs, from `GET /api/previews/:id/stream` (Server-Sent Events):
 * `session` whenever it changes (rebuilt, ended), `traces` in batches. A reconnected stream
 * replays the records kept so far; each record is kept once.
 */
export function usePreviewStream(url: string) {
  const [session, setSession] = useState<PreviewSession>();
  const [traces, setTraces] = useState<PreviewTrace[]>([]);
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const seen = new Set<string>();
    const onSession = (message: Event) => {
      const next = parse<PreviewSession>(message);
      if (next && typeof next.id === "string") setSession(next);
    };
    const onTraces = (message: Event) => {
      const batch = parse<PreviewTrace[]>(message);
      if (!Array.isArray(batch)) return;
      const fresh = batch.filter((trace) => {
        if (typeof trace?.pageId !== "string" || seen.has(traceKey(trace))) return false;
        seen.add(traceKey(trace));
        return true;
      });
      if (fresh.length > 0) setTraces((list) => [...list, ...fresh].slice(-LIMIT));
    };
    const connect = () => {
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => setStatus("open");
      current.onerror = () => {
        setStatus("error");
        // EventSource reopens a dropped stream itself; a refused one stays closed: retry later.
        if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_MS);
      };
      current.addEventListener("session", onSession);
      current.addEventListener("traces", onTraces);
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [url]);

  return { session, traces, status };
}

function parse<T>(message: Event): T | undefined {
  try {
    return JSON.parse((message as MessageEvent<string>).data) as T;
  } catch {
    // A malformed message is skipped; the stream carries on.
    return undefined;
  }
}
