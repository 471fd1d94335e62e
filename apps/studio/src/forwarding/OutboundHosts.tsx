import type { OutboundHost } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError } from "../api/ApiError.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { forwardingKeys } from "./forwardingKeys.ts";

/**
 * The hosts this property's rules may send to: the server refuses any other, and any host
 * that resolves to a loopback, private, link-local or metadata address unless its entry
 * allows private addresses. Admins edit the list; everyone else reads it.
 */
export default function OutboundHosts({ pid }: { pid: string }) {
  const api = useApi();
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const hosts = useQuery({
    queryKey: forwardingKeys.hosts(pid),
    queryFn: () => api.forwarding.hosts(pid),
  });
  const [host, setHost] = useState("");
  const [allowPrivate, setAllowPrivate] = useState(false);
  // Empty: the server's defaults (50 a second, 4 at once), per node.
  const [perSecond, setPerSecond] = useState("");
  const [concurrent, setConcurrent] = useState("");
  const save = useMutation({
    mutationFn: (next: OutboundHost[]) => api.forwarding.setHosts(pid, next),
    onSuccess: (next) => queryClient.setQueryData(forwardingKeys.hosts(pid), next),
  });
  const list = hosts.data ?? [];
  // What is wrong with an entry is said under the field, in words, not as `hosts[2].host`.
  const problems =
    save.error instanceof ApiError
      ? save.error.fieldErrors.filter((f) => f.path.startsWith("hosts")).map((f) => f.message)
      : [];
  const add = (e: FormEvent) => {
    e.preventDefault();
    const entry: OutboundHost = {
      host: host.trim(),
      ...(allowPrivate ? { allowPrivate } : {}),
      ...(perSecond ? { maxPerSecond: Number(perSecond) } : {}),
      ...(concurrent ? { maxConcurrent: Number(concurrent) } : {}),
    };
    save.mutate([...list.filter((h) => h.host !== entry.host), entry], {
      onSuccess: () => {
        setHost("");
        setAllowPrivate(false);
        setPerSecond("");
        setConcurrent("");
      },
    });
  };
  return (
    <section aria-labelledby="hosts-heading">
      <h2 id="hosts-heading">Outbound hosts</h2>
      <p className="hint">
        Rules send only to these hosts (<code>graph.facebook.com</code>, <code>*.example.com</code>,
        or <code>127.0.0.1:4010</code> for one port). Anything else is refused, and so is a host
        that resolves to a private address unless its entry allows it. Each node sends a host at
        most its requests per second and at once (default 50 and 4).
      </p>
      <QueryState query={hosts}>
        {list.length === 0 ? (
          <p className="warn">None: every request this property&apos;s rules plan is refused.</p>
        ) : (
          <ul className="outbound-hosts" aria-label="Outbound hosts">
            {list.map((h) => (
              <li key={h.host}>
                <code>{h.host}</code>
                {h.allowPrivate && <span className="badge warn">private addresses allowed</span>}
                <span className="hint">
                  {h.maxPerSecond ?? 50}/s, {h.maxConcurrent ?? 4} at once
                </span>
                {isAdmin && (
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove ${h.host}`}
                    disabled={save.isPending}
                    onClick={() => save.mutate(list.filter((x) => x.host !== h.host))}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {isAdmin && (
        <form className="inline-form" onSubmit={add} aria-label="Allow a host">
          <label htmlFor="new-host">
            Host
            <input
              id="new-host"
              required
              inputMode="url"
              placeholder="graph.facebook.com"
              aria-invalid={problems.length > 0 || undefined}
              aria-describedby={problems.length > 0 ? "new-host-problems" : undefined}
              value={host}
              onChange={(e) => setHost(e.target.value)}
            />
          </label>
          <label htmlFor="new-host-rate">
            Per second
            <input
              id="new-host-rate"
              type="number"
              min={1}
              max={10000}
              placeholder="50"
              value={perSecond}
              onChange={(e) => setPerSecond(e.target.value)}
            />
          </label>
          <label htmlFor="new-host-concurrent">
            At once
            <input
              id="new-host-concurrent"
              type="number"
              min={1}
              max={256}
              placeholder="4"
              value={concurrent}
              onChange={(e) => setConcurrent(e.target.value)}
            />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={allowPrivate}
              aria-describedby="allow-private-warning"
              onChange={(e) => setAllowPrivate(e.target.checked)}
            />
            Allow private addresses
          </label>
          <button type="submit" disabled={save.isPending}>
            Allow host
          </button>
          <p id="allow-private-warning" className={allowPrivate ? "warn private-warning" : "hint"}>
            {allowPrivate
              ? "Warning: this host may then resolve to loopback, private-network, link-local or cloud metadata addresses. Only for a service you run yourself: otherwise a rule could reach your internal network."
              : "Loopback, private-network, link-local and metadata addresses stay refused."}
          </p>
          <FieldProblems id="new-host-problems" messages={problems} />
        </form>
      )}
      <MutationError error={problems.length > 0 ? null : save.error} />
    </section>
  );
}
