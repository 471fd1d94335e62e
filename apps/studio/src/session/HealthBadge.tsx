import { useEffect, useState } from "react";

type Health =
  { state: "loading" } | { state: "ok"; version: string } | { state: "down"; reason: string };

/** Shows whether the Liftoff server answers /healthz. */
export default function HealthBadge({ fetcher = fetch }: { fetcher?: typeof fetch }) {
  const [health, setHealth] = useState<Health>({ state: "loading" });
  useEffect(() => {
    let live = true;
    fetcher("/healthz")
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { version: string };
        if (live) setHealth({ state: "ok", version: body.version });
      })
      .catch((error: unknown) => {
        if (live)
          setHealth({
            state: "down",
            reason: error instanceof Error ? error.message : String(error),
          });
      });
    return () => {
      live = false;
    };
  }, [fetcher]);
  if (health.state === "loading") return <p role="status">Checking server…</p>;
  if (health.state === "down") return <p role="status">Server unreachable ({health.reason})</p>;
  return <p role="status">Server OK, version {health.version}</p>;
}
