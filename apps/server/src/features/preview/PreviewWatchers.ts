/** Caps of open preview streams on one node (docs/server.md, Preview). */
export interface WatcherCaps {
  /** Streams of one session held by people other than its owner. */
  perSession: number;
  /** Streams one person holds, over every session. */
  perUser: number;
}

export const defaultWatcherCaps: WatcherCaps = { perSession: 20, perUser: 5 };

/** Why a stream was refused: which cap, and its value. */
export type WatcherRefusal = { refused: "session" | "user"; limit: number };

interface SessionCount {
  others: number;
  owner: number;
}

/**
 * Counts the open preview streams of this node and admits new ones. Each person has their
 * own cap, so one viewer cannot take every place; the session's cap counts only other
 * people's streams and the owner's first stream of their own session passes both caps, so
 * nobody can lock the person who started a session out of its debugger.
 *
 * Counts are per node (in this process), as the caps protect a node's sockets and memory:
 * behind a balancer, N nodes hold up to N times these.
 */
export class PreviewWatchers {
  private readonly sessions = new Map<string, SessionCount>();
  private readonly users = new Map<string, number>();

  constructor(readonly caps: WatcherCaps = defaultWatcherCaps) {}

  /**
   * Takes a place for `user` on `session` (whose owner `isOwner` says it is) and returns the
   * function that gives it back (safe to call more than once), or the cap that refused it.
   */
  admit(session: string, user: string, isOwner: boolean): (() => void) | WatcherRefusal {
    const count = this.sessions.get(session) ?? { others: 0, owner: 0 };
    const held = this.users.get(user) ?? 0;
    if (!(isOwner && count.owner === 0)) {
      if (held >= this.caps.perUser) return { refused: "user", limit: this.caps.perUser };
      if (!isOwner && count.others >= this.caps.perSession)
        return { refused: "session", limit: this.caps.perSession };
    }
    const side = isOwner ? "owner" : "others";
    count[side] += 1;
    this.sessions.set(session, count);
    this.users.set(user, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      count[side] -= 1;
      if (count.owner + count.others === 0 && this.sessions.get(session) === count)
        this.sessions.delete(session);
      const left = (this.users.get(user) ?? 1) - 1;
      if (left > 0) this.users.set(user, left);
      else this.users.delete(user);
    };
  }
}
