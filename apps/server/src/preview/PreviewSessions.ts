import { randomBytes } from "node:crypto";
import { PREVIEW_MAX_MS, type PreviewSession, type PreviewTrace } from "@liftoff/schema";
import { TraceRing } from "./TraceRing.ts";

/** Caps of preview sessions (docs/server.md, Preview). */
export interface PreviewLimits {
  /** Active sessions per property. */
  perProperty: number;
  /** Active sessions per user. */
  perUser: number;
  /** Trace records a session keeps (the oldest go first). */
  traces: number;
  /** How long a session lives. */
  maxMs: number;
  /** How long an ended session stays listed and readable. */
  keepEndedMs: number;
}

export const defaultPreviewLimits: PreviewLimits = {
  perProperty: 20,
  perUser: 5,
  traces: 2_000,
  maxMs: PREVIEW_MAX_MS,
  keepEndedMs: 60 * 60 * 1000,
};

/** What a session's watcher hears: the session when it changes, traces as they arrive. */
export interface PreviewListener {
  session(session: PreviewSession): void;
  traces(traces: PreviewTrace[]): void;
}

interface Entry {
  session: PreviewSession;
  traces: TraceRing<PreviewTrace>;
  listeners: Set<PreviewListener>;
  timer?: NodeJS.Timeout;
}

export type NewPreview = Omit<
  PreviewSession,
  "id" | "link" | "createdAt" | "expiresAt" | "endedAt" | "revision"
>;

/** Why a new session was refused: one of the caps. */
export type PreviewRefusal = { refused: "property" | "user"; limit: number };

/**
 * The preview sessions of one server, in memory (a restart ends them: docs/preview.md). A
 * session ends when asked or at its expiry: on the first read after it (so a clock handed in
 * by a test decides) and by a timer (so watchers hear it without anybody reading). Ended
 * sessions stay readable for `keepEndedMs`, then go with their traces.
 */
export class PreviewSessions {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly limits: PreviewLimits = defaultPreviewLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session whose link `linkFor` makes from its id, unless a cap refuses it. */
  create(input: NewPreview, linkFor: (id: string) => string): PreviewSession | PreviewRefusal {
    this.sweep();
    const active = [...this.entries.values()].filter((e) => !e.session.endedAt);
    if (active.filter((e) => e.session.createdBy === input.createdBy).length >= this.limits.perUser)
      return { refused: "user", limit: this.limits.perUser };
    if (
      active.filter((e) => e.session.propertyId === input.propertyId).length >=
      this.limits.perProperty
    )
      return { refused: "property", limit: this.limits.perProperty };
    const at = this.now();
    const id = randomBytes(16).toString("hex");
    const session: PreviewSession = {
      ...input,
      id,
      link: linkFor(id),
      createdAt: new Date(at).toISOString(),
      expiresAt: new Date(at + this.limits.maxMs).toISOString(),
    };
    const entry: Entry = {
      session,
      traces: new TraceRing(this.limits.traces),
      listeners: new Set(),
    };
    entry.timer = setTimeout(() => this.expire(entry), this.limits.maxMs);
    entry.timer.unref();
    this.entries.set(session.id, entry);
    return { ...session };
  }

  /** The session (ended or not), or undefined when unknown or long gone. */
  get(id: string): PreviewSession | undefined {
    const entry = this.entry(id);
    return entry && { ...entry.session };
  }

  /** A user's sessions of a property: active ones newest first, then recently ended ones. */
  listFor(propertyId: string, user: string): PreviewSession[] {
    this.sweep();
    const mine = [...this.entries.values()]
      .map((e) => e.session)
      .filter((s) => s.propertyId === propertyId && s.createdBy === user)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return [...mine.filter((s) => !s.endedAt), ...mine.filter((s) => s.endedAt)].map((s) => ({
      ...s,
    }));
  }

  /** Ends a session now (no-op when it already ended); undefined when unknown. */
  end(id: string): PreviewSession | undefined {
    const entry = this.entry(id);
    if (!entry) return undefined;
    if (!entry.session.endedAt) this.finish(entry, this.now());
    return { ...entry.session };
  }

  /** Keeps `traces` of an active session and hands them to its watchers. */
  addTraces(id: string, traces: PreviewTrace[]): void {
    const entry = this.entry(id);
    if (!entry || entry.session.endedAt) return;
    entry.traces.push(traces);
    for (const listener of entry.listeners) listener.traces(traces);
  }

  /** The traces kept so far, oldest first. */
  traces(id: string): PreviewTrace[] {
    return this.entry(id)?.traces.items() ?? [];
  }

  /** Records the property revision pages now get; watchers hear it when it changed. */
  setRevision(id: string, revision: number): void {
    const entry = this.entry(id);
    if (!entry || entry.session.revision === revision) return;
    entry.session.revision = revision;
    this.announce(entry);
  }

  /** Adds a watcher; undefined when the session is unknown. */
  watch(id: string, listener: PreviewListener): (() => void) | undefined {
    const entry = this.entry(id);
    if (!entry) return undefined;
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  watchers(id: string): number {
    return this.entries.get(id)?.listeners.size ?? 0;
  }

  /** Stops every timer (the app is closing). */
  close(): void {
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
  }

  private entry(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.expire(entry);
    if (this.gone(entry)) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  private expire(entry: Entry): void {
    const expiresAt = Date.parse(entry.session.expiresAt);
    if (!entry.session.endedAt && this.now() >= expiresAt) this.finish(entry, expiresAt);
  }

  private gone(entry: Entry): boolean {
    const { endedAt } = entry.session;
    return endedAt !== undefined && this.now() - Date.parse(endedAt) > this.limits.keepEndedMs;
  }

  private finish(entry: Entry, at: number): void {
    clearTimeout(entry.timer);
    entry.session.endedAt = new Date(at).toISOString();
    this.announce(entry);
  }

  private announce(entry: Entry): void {
    const session = { ...entry.session };
    for (const listener of entry.listeners) listener.session(session);
  }

  private sweep(): void {
    for (const [id, entry] of this.entries) {
      this.expire(entry);
      if (this.gone(entry)) this.entries.delete(id);
    }
  }
}
