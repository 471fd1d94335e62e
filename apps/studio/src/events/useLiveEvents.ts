import { useEffect, useRef, useState } from "react";
import type { StoredEventWire } from "../api/createStudioApi.ts";

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
    const source = new EventSource(`/api/live?propertyId=${encodeURIComponent(propertyId)}`, {
      withCredentials: true,
    });
    source.onopen = () => setStatus("open");
    // EventSource reconnects by itself; the status shows the gap meanwhile.
    source.onerror = () => setStatus("error");
    source.addEventListener("edge-event", (message) => {
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
    });
    return () => source.close();
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
