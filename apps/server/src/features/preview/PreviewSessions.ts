import { randomBytes } from "node:crypto";
import { PREVIEW_MAX_MS, type PreviewSession, type PreviewTrace } from "@liftoff/schema";
import { LocalBus, type ClusterBus } from "../../db/ClusterBus.ts";
import type { PreviewRepository, StoredTrace } from "./PreviewRepository.ts";
import { parseNotice, PREVIEW_CHANNEL, type PreviewNotice } from "./PreviewNotice.ts";

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

export interface PreviewSessionsOptions {
  limits?: PreviewLimits;
  /** The clock (tests hand one in); expiry follows it. */
  now?: () => number;
  /** How nodes tell each other of new traces and changed sessions; default this process only. */
  bus?: ClusterBus;
  /** How often this node ends due sessions and forgets old ones (0: never; tests). */
  sweepMs?: number;
}

export type NewPreview = Omit<
  PreviewSession,
  "id" | "link" | "createdAt" | "expiresAt" | "endedAt" | "revision"
>;

/** Why a new session was refused: one of the caps. */
export type PreviewRefusal = { refused: "property" | "user"; limit: number };

/** What a watcher of one session hears: which part of it changed (read it from the store). */
export type NoticeListener = (kind: PreviewNotice["kind"]) => void;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Preview sessions, kept in the store so every node serves every session (docs/preview.md).
 * A session ends when asked or at its expiry: on the first read after it, by any node (so a
 * clock handed in by a test decides), and by each node's periodic sweep (so watchers hear it
 * without anybody reading). Ended sessions stay readable for `keepEndedMs`, then go with
 * their traces. Changes are announced on the cluster bus; each node's watchers read what
 * changed from the store.
 */
export class PreviewSessions {
  readonly limits: PreviewLimits;
  private readonly now: () => number;
  private readonly bus: ClusterBus;
  private readonly watchersOf = new Map<string, Set<NoticeListener>>();
  private readonly endedListeners = new Set<(id: string) => void>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: PreviewRepository,
    options: PreviewSessionsOptions = {},
  ) {
    this.limits = options.limits ?? defaultPreviewLimits;
    this.now = options.now ?? Date.now;
    this.bus = options.bus ?? new LocalBus();
    this.unsubscribe = this.bus.subscribe(PREVIEW_CHANNEL, (payload) => this.heard(payload));
    const sweepMs = options.sweepMs ?? 10_000;
    if (sweepMs > 0) {
      this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), sweepMs);
      this.sweeper.unref();
    }
  }

  /** A new session whose link `linkFor` makes from its id, unless a cap refuses it. */
  async create(
    input: NewPreview,
    linkFor: (id: string) => string,
  ): Promise<PreviewSession | PreviewRefusal> {
    const at = this.now();
    const id = randomBytes(16).toString("hex");
    const session: PreviewSession = {
      ...input,
      id,
      link: linkFor(id),
      createdAt: iso(at),
      expiresAt: iso(at + this.limits.maxMs),
    };
    const refused = await this.repository.create(session, this.limits);
    if (refused === null) return session;
    return {
      refused,
      limit: refused === "user" ? this.limits.perUser : this.limits.perProperty,
    };
  }

  /** The session (ended or not), or undefined when unknown or long gone. */
  async get(id: string): Promise<PreviewSession | undefined> {
    const session = await this.repository.get(id, this.keptSince());
    if (!session || session.endedAt || this.now() < Date.parse(session.expiresAt)) return session;
    if (await this.repository.expire(id, iso(this.now()))) await this.announceEnd(id);
    return this.repository.get(id, this.keptSince());
  }

  /** A user's sessions of a property: active ones newest first, then recently ended ones. */
  async listFor(propertyId: string, user: string): Promise<PreviewSession[]> {
    await this.endDue();
    const mine = (await this.repository.list(propertyId, user, this.keptSince())).sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt),
    );
    return [...mine.filter((s) => !s.endedAt), ...mine.filter((s) => s.endedAt)];
  }

  /** Ends a session now (no-op when it already ended); undefined when unknown. */
  async end(id: string): Promise<PreviewSession | undefined> {
    const session = await this.get(id);
    if (!session) return undefined;
    if (!session.endedAt && (await this.repository.end(id, iso(this.now()))))
      await this.announceEnd(id);
    return this.repository.get(id, this.keptSince());
  }

  /** Keeps `traces` of an active session and tells watchers; false when it is not active. */
  async addTraces(id: string, traces: PreviewTrace[]): Promise<boolean> {
    const kept = await this.repository.addTraces(id, traces, this.limits.traces, iso(this.now()));
    if (kept && traces.length > 0) await this.notify({ session: id, kind: "traces" });
    return kept;
  }

  /** The traces kept after sequence `after`, oldest first. */
  traces(id: string, after = 0): Promise<StoredTrace[]> {
    return this.repository.traces(id, after);
  }

  /** Records the property revision pages now get; watchers hear it when it changed. */
  async setRevision(id: string, revision: number): Promise<void> {
    if (await this.repository.setRevision(id, revision))
      await this.notify({ session: id, kind: "session" });
  }

  /** Adds a watcher of this node; the returned function removes it. */
  watch(id: string, listener: NoticeListener): () => void {
    let set = this.watchersOf.get(id);
    if (!set) this.watchersOf.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.watchersOf.get(id) === set) this.watchersOf.delete(id);
    };
  }

  /** Hears every session that ends, on any node (this node drops what it built for it). */
  onEnded(listener: (id: string) => void): void {
    this.endedListeners.add(listener);
  }

  /** Ends the sessions that are due and forgets those ended longer than `keepEndedMs` ago. */
  async sweep(): Promise<void> {
    await this.endDue();
    await this.repository.forgetEnded(this.keptSince());
  }

  /** Stops the sweep and stops hearing the bus (the app is closing). */
  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
  }

  private async endDue(): Promise<void> {
    const now = iso(this.now());
    for (const id of await this.repository.due(now))
      if (await this.repository.expire(id, now)) await this.announceEnd(id);
  }

  private keptSince(): string {
    return iso(this.now() - this.limits.keepEndedMs);
  }

  private announceEnd(id: string): Promise<void> {
    return this.notify({ session: id, kind: "session", ended: true });
  }

  private notify(notice: PreviewNotice): Promise<void> {
    return this.bus.publish(PREVIEW_CHANNEL, JSON.stringify(notice));
  }

  private heard(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    if (notice.ended) for (const listener of this.endedListeners) listener(notice.session);
    for (const listener of this.watchersOf.get(notice.session) ?? []) listener(notice.kind);
  }
}
