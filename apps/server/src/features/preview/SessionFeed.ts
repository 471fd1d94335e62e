import type { PreviewSession, PreviewTrace } from "@liftoff/schema";
import type { PreviewNotice } from "./PreviewNotice.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

export interface FeedOutput {
  session(session: PreviewSession): void;
  traces(traces: PreviewTrace[]): void;
  failed(error: unknown): void;
}

/**
 * What one watcher of a session is sent, read from the store one step at a time so messages
 * keep their order: the traces after the last sequence sent, or the session as it is now.
 * Notices that arrive while a read of the same kind is waiting add nothing: that read will
 * see what they announced. The session is sent when it differs from what was sent last, so
 * looking again unasked (a missed notice) repeats nothing.
 */
export class SessionFeed {
  private last = 0;
  private sentSession = "";
  private queue: Promise<void> = Promise.resolve();
  private readonly waiting = new Set<PreviewNotice["kind"]>();

  constructor(
    private readonly sessions: PreviewSessions,
    private readonly id: string,
    private readonly output: FeedOutput,
  ) {}

  /**
   * Sends the session and the traces kept so far (an empty list too: the watcher knows it is
   * up to date).
   */
  start(session: PreviewSession): void {
    this.sendIfChanged(session);
    this.enqueue("traces", true);
  }

  heard(kind: PreviewNotice["kind"]): void {
    this.enqueue(kind, false);
  }

  private enqueue(kind: PreviewNotice["kind"], always: boolean): void {
    if (!always && this.waiting.has(kind)) return;
    this.waiting.add(kind);
    this.queue = this.queue
      .then(() => {
        this.waiting.delete(kind);
        return kind === "traces" ? this.sendTraces(always) : this.sendSession();
      })
      .catch((error: unknown) => this.output.failed(error));
  }

  private async sendTraces(always: boolean): Promise<void> {
    const kept = await this.sessions.traces(this.id, this.last);
    if (kept.length === 0 && !always) return;
    this.last = kept.at(-1)?.seq ?? this.last;
    this.output.traces(kept.map((k) => k.trace));
  }

  private async sendSession(): Promise<void> {
    const session = await this.sessions.get(this.id);
    if (session) this.sendIfChanged(session);
  }

  private sendIfChanged(session: PreviewSession): void {
    const text = JSON.stringify(session);
    if (text === this.sentSession) return;
    this.sentSession = text;
    this.output.session(session);
  }
}
