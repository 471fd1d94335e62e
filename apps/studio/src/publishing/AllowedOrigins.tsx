import type { DatastreamInfo } from "@liftoff/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError } from "../api/ApiError.ts";
import FieldProblems from "../forms/FieldProblems.tsx";
import MutationError from "../forms/MutationError.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";

export const DATASTREAMS_KEY = ["datastreams"];

/**
 * An environment's datastream and the page origins allowed to send to it. The edge refuses
 * events from any other page, and from every page while the list is empty; admins edit it.
 */
export default function AllowedOrigins({ datastream }: { datastream: DatastreamInfo }) {
  const api = useApi();
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const [origin, setOrigin] = useState("");
  const save = useMutation({
    mutationFn: (origins: string[]) => api.datastreams.setAllowedOrigins(datastream.id, origins),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATASTREAMS_KEY }),
  });
  const origins = datastream.allowedOrigins;
  const inputId = `origin-${datastream.id}`;
  // What is wrong with an entry is said under the field, in words, not as `allowedOrigins[2]`.
  const isOriginPath = (path: string) => path.startsWith("allowedOrigins");
  const problems =
    save.error instanceof ApiError
      ? save.error.fieldErrors.filter((f) => isOriginPath(f.path)).map((f) => f.message)
      : [];
  const add = (e: FormEvent) => {
    e.preventDefault();
    save.mutate([...origins, origin.trim()], { onSuccess: () => setOrigin("") });
  };
  return (
    <div className="allowed-origins">
      <h3>Allowed origins</h3>
      {origins.length === 0 ? (
        <p className="warn">
          None: the edge refuses events from every web page until an origin is added.
        </p>
      ) : (
        <ul aria-label={`Allowed origins of ${datastream.id}`}>
          {origins.map((o) => (
            <li key={o}>
              <code>{o}</code>
              {isAdmin && (
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove ${o}`}
                  disabled={save.isPending}
                  onClick={() => save.mutate(origins.filter((x) => x !== o))}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isAdmin && (
        <form className="inline-form" onSubmit={add}>
          <label htmlFor={inputId}>
            Add an origin
            <input
              id={inputId}
              required
              aria-invalid={problems.length > 0 || undefined}
              aria-describedby={problems.length > 0 ? `${inputId}-problems` : undefined}
              inputMode="url"
              placeholder="https://www.example.com"
              value={origin}
              onChange={(e) => setOrigin(e.target.value)}
            />
          </label>
          <button type="submit" disabled={save.isPending}>
            Add
          </button>
          <FieldProblems id={`${inputId}-problems`} messages={problems} />
        </form>
      )}
      {/* The list's only field is the one above: other failures (access, network) go here. */}
      <MutationError error={problems.length > 0 ? null : save.error} />
    </div>
  );
}
