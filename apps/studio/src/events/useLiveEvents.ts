import { useEffect, useRef, useState } from "react";
import type { StoredEventWire } from "../api/createStudioApi.ts";

const RETRY_MS = 10_000;

export type LiveStatus = "connecting" | "open" | "error";

/**
 * Events as the edge commits them, from `GET /api/live` (Server-Sent Events, `edge-event`).
 * Keeps the newest `limit`; while paused, arriving events are counted but not shown.
 */
export function useLiveEvents(propertyId: string, paused: boolean, limit = 200) {
  const [events, setEvents] = useState<StoredEventWire[]>([]);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [missed, setMissed] = useState(0);
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (message: Event) => {
      if (pausedRef.current) {
        setMissed((n) => n + 1);
        return;
      }
      try {
        const event = JSON.parse((message as MessageEvent<string>).data) as StoredEventWire;
        setEvents((list) => [event, ...list].slice(0, limit));
      } catch {
        // A malformed message is skipped; the stream carries on.
      }
    };
    const connect = () => {
      const current = new EventSource(`/api/live?propertyId=${encodeURIComponent(propertyId)}`, {
        withCredentials: true,
      });
      source = current;
      current.onopen = () => setStatus("open");
      current.onerror = () => {
        setStatus("error");
        // A dropped stream (the server drops one that falls behind) is reopened by EventSource
        // itself; a refused one (429/503 when too many streams are open) is not: retry later.
        if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_MS);
      };
      current.addEventListener("edge-event", onEvent);
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [propertyId, limit]);

  return {
    events,
    status,
    missed,
    clear: () => {
      setEvents([]);
      setMissed(0);
    },
  };
}
