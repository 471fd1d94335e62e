import type { DatastreamInfo, LibraryInfo, PreviewSession, PropertyState } from "@liftoff/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import { useProperty } from "../properties/useProperty.ts";
import { DATASTREAMS_KEY } from "../publishing/AllowedOrigins.tsx";
import { librariesKey } from "../publishing/LibrariesPage.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { endsIn } from "./endsIn.ts";
import { lastPreviewUrl, rememberPreviewUrl } from "./lastPreviewUrl.ts";
import { previewsKey } from "./previewKeys.ts";
import { useEndPreview } from "./useEndPreview.ts";

/**
 * The page to preview first: the last one used here; else the site the team runs the
 * development library on (the first origin its datastream allows, e.g. a staging host or the
 * demo site); else the property's first domain.
 */
function initialUrl(state: PropertyState, datastreams: readonly DatastreamInfo[] = []): string {
  const last = lastPreviewUrl(state.document.property.id);
  if (last) return last;
  const development = datastreams.find(
    (d) => d.propertyId === state.document.property.id && d.stage === "development",
  );
  const origin = development?.allowedOrigins[0];
  if (origin) return `${origin}/`;
  const domain = state.document.property.settings.domains?.[0];
  return domain ? `https://${domain}/` : "https://";
}

const isPageUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
};

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

/** Starts a preview of the working state or a development library, and lists my sessions. */
export default function PreviewPage() {
  const pid = useParams().pid!;
  const api = useApi();
  const sessions = useQuery({ queryKey: previewsKey(pid), queryFn: () => api.previews.list(pid) });
  return (
    <div className="preview-page">
      <h1>Preview</h1>
      <p className="muted">
        Run a development library, or everything as saved now, on a page of the site in your own tab
        (or phone), and see here why each rule fired or did not. Other visitors keep the published
        library. A preview ends after 60 minutes.
      </p>
      <StartPreview pid={pid} />
      <h2>My preview sessions</h2>
      <QueryState query={sessions}>
        <SessionList pid={pid} sessions={sessions.data ?? []} />
      </QueryState>
    </div>
  );
}

function StartPreview({ pid }: { pid: string }) {
  const api = useApi();
  const state = useProperty(pid).data!;
  const canStart = useCan("editor");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [libraryId, setLibraryId] = useState(params.get("library") ?? "");
  const datastreams = useQuery({ queryKey: DATASTREAMS_KEY, queryFn: api.datastreams.list });
  // Until the field is edited it follows the best default, which may arrive after the page.
  const [edited, setUrl] = useState<string | undefined>();
  const url = edited ?? initialUrl(state, datastreams.data);
  const [touched, setTouched] = useState(false);
  const libraries = useQuery({
    queryKey: librariesKey(pid),
    queryFn: () => api.libraries.list(pid),
  });
  const developing = (libraries.data ?? []).filter((l: LibraryInfo) => l.state === "development");
  const start = useMutation({
    mutationFn: () =>
      api.previews.start(pid, { ...(libraryId ? { libraryId } : {}), url: url.trim() }),
    onSuccess: (session) => {
      rememberPreviewUrl(pid, url.trim());
      void queryClient.invalidateQueries({ queryKey: previewsKey(pid) });
      void navigate(`/properties/${encodeURIComponent(pid)}/preview/${session.id}`);
    },
  });
  const urlProblem = isPageUrl(url.trim())
    ? null
    : "Enter the address of a page of the site, starting with https:// or http://.";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!urlProblem) start.mutate();
  };
  return (
    <form
      className="card preview-start"
      onSubmit={submit}
      aria-label="Start a preview"
      // The field's own message names the problem; the browser's bubble would say less.
      noValidate
    >
      {!canStart && (
        <p className="warn">
          Starting a preview needs the editor role. You can watch a session when someone who started
          it shares its studio page with you.
        </p>
      )}
      <div className="field">
        <label htmlFor="preview-what">What to preview</label>
        <select
          id="preview-what"
          value={libraryId}
          disabled={!canStart}
          onChange={(e) => setLibraryId(e.target.value)}
        >
          <option value="">Working state (every resource as saved now)</option>
          {developing.map((l) => (
            <option key={l.id} value={l.id}>
              Library: {l.name}
            </option>
          ))}
          {libraryId && !developing.some((l) => l.id === libraryId) && libraries.data && (
            <option value={libraryId}>Library {libraryId} (not in development)</option>
          )}
        </select>
      </div>
      <div className="field">
        <label htmlFor="preview-url">Page URL</label>
        <input
          id="preview-url"
          type="url"
          value={url}
          disabled={!canStart}
          aria-invalid={touched && !!urlProblem}
          aria-describedby="preview-url-hint"
          onChange={(e) => setUrl(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        <small id="preview-url-hint" className={touched && urlProblem ? "field-problems" : "hint"}>
          {touched && urlProblem
            ? urlProblem
            : "A page of the site that has this property's embed code."}
        </small>
      </div>
      <button type="submit" disabled={!canStart || start.isPending}>
        {start.isPending ? "Starting…" : "Start preview"}
      </button>
      <MutationError error={start.error} />
    </form>
  );
}

function SessionList({ pid, sessions }: { pid: string; sessions: PreviewSession[] }) {
  const [now] = useState(() => Date.now());
  if (sessions.length === 0) return <p className="muted">You have no preview sessions here.</p>;
  const active = (s: PreviewSession) => !s.endedAt && Date.parse(s.expiresAt) > now;
  const sorted = [...sessions].sort(
    (a, b) => Number(active(b)) - Number(active(a)) || b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <ul className="plain preview-sessions">
      {sorted.map((s) => (
        <SessionItem key={s.id} pid={pid} session={s} active={active(s)} now={now} />
      ))}
    </ul>
  );
}

function SessionItem({
  pid,
  session,
  active,
  now,
}: {
  pid: string;
  session: PreviewSession;
  active: boolean;
  now: number;
}) {
  const canEnd = useCan("editor");
  const { ask, end } = useEndPreview(session);
  const to = `/properties/${encodeURIComponent(pid)}/preview/${session.id}`;
  return (
    <li className={active ? "card" : "card preview-ended"}>
      <strong>{session.label}</strong>{" "}
      <span className="muted">
        {hostOf(session.link)} · started {new Date(session.createdAt).toLocaleString()} ·{" "}
        {active ? endsIn(session.expiresAt, now) : "ended"}
      </span>
      <div className="row-actions">
        <Link to={to} aria-label={`Open the preview of ${session.label}`}>
          {active ? "Open" : "See what it recorded"}
        </Link>
        {active && canEnd && (
          <button
            type="button"
            className="danger"
            disabled={end.isPending}
            aria-label={`End preview of ${session.label}`}
            onClick={ask}
          >
            End preview
          </button>
        )}
      </div>
      <MutationError error={end.error} />
    </li>
  );
}
