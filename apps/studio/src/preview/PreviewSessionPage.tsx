import type { PreviewSession } from "@liftoff/schema";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import MutationError from "../forms/MutationError.tsx";
import QueryState from "../layout/QueryState.tsx";
import CopyButton from "../publishing/CopyButton.tsx";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import { endsIn } from "./endsIn.ts";
import PreviewPanel from "./PreviewPanel.tsx";
import { previewKey } from "./previewKeys.ts";
import QrCode from "./QrCode.tsx";
import { useEndPreview } from "./useEndPreview.ts";
import { usePreviewStream } from "./usePreviewStream.ts";

/** One preview session: its link and QR code, its end, and the live debugger panel. */
export default function PreviewSessionPage() {
  const { pid = "", id = "" } = useParams();
  const api = useApi();
  const query = useQuery({ queryKey: previewKey(id), queryFn: () => api.previews.get(id) });
  const stream = usePreviewStream(api.previews.streamUrl(id));
  // The stream's copy is the newer one once it has said anything (rebuilt, ended).
  const session = newer(stream.session, query.data);
  return (
    <div className="preview-session">
      <p>
        <Link to={`/properties/${encodeURIComponent(pid)}/preview`}>← Preview</Link>
      </p>
      <QueryState query={session ? { isPending: false, error: null } : query}>
        {session && <SessionHead session={session} />}
      </QueryState>
      {(session || !query.error) && (
        <PreviewPanel pid={pid} traces={stream.traces} status={stream.status} />
      )}
    </div>
  );
}

function newer(a?: PreviewSession, b?: PreviewSession): PreviewSession | undefined {
  if (!a || !b) return a ?? b;
  if (b.endedAt && !a.endedAt) return b;
  return a;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function SessionHead({ session }: { session: PreviewSession }) {
  const now = useNow(15_000);
  const canEnd = useCan("editor");
  const { ask, end } = useEndPreview(session);
  const ended = !!session.endedAt || Date.parse(session.expiresAt) <= now;
  return (
    <section className="preview-head" aria-label="Preview session">
      <div className="preview-link">
        <h1>Preview: {session.label}</h1>
        <p>
          {ended ? (
            <strong className="warn">
              Ended{session.endedAt ? ` ${new Date(session.endedAt).toLocaleString()}` : ""}. Tabs
              that opened the link are back on the published library.
            </strong>
          ) : (
            <span className="badge">{endsIn(session.expiresAt, now)}</span>
          )}{" "}
          <span className="muted">
            {session.revision !== undefined
              ? `Builds property revision ${session.revision}.`
              : "Not built yet: the first page load builds it."}
          </span>
        </p>
        {!ended && (
          <>
            <p className="preview-url">
              <code>{session.link}</code>
            </p>
            <p className="row-actions">
              <CopyButton text={session.link} label="the preview link" />
              <a className="button" href={session.link} target="_blank" rel="noopener">
                Open the page in preview
              </a>
              {canEnd && (
                <button type="button" className="danger" disabled={end.isPending} onClick={ask}>
                  End preview
                </button>
              )}
            </p>
            <p className="muted">
              Opening the link makes that tab run this build through the site&apos;s own embed code
              until the preview ends. On a phone, scan the code.
            </p>
          </>
        )}
        <MutationError error={end.error} />
      </div>
      {!ended && (
        <QrCode text={session.link} label={`QR code of the preview link ${session.link}`} />
      )}
    </section>
  );
}
