import type { Writable } from "node:stream";

/** What a connection needs of its response: a real `ServerResponse` or any Writable. */
export type LiveOutput = Pick<
  Writable,
  "write" | "writableLength" | "destroy" | "destroyed" | "once"
>;

/**
 * One subscriber's end of the live stream, with a bounded backlog. When the client reads
 * slower than events arrive, `write` returns false and the text waits in the response's own
 * buffer (`writableLength`, which also counts the socket's), draining as the client reads; a
 * subscriber whose backlog would pass `maxBuffered` characters is disconnected instead of being
 * buffered without bound. A message always fits into an empty backlog, so a reading client
 * gets a large publish whole. Texts are shared between subscribers, so the backlog holds
 * references to them, not copies.
 */
export class LiveConnection {
  private dropped = false;

  constructor(
    private readonly out: LiveOutput,
    private readonly maxBuffered: number,
    private readonly onDrop: (backlog: number) => void = () => {},
  ) {}

  /** Writes `text`, or drops the connection when it would overflow the backlog. */
  send(text: string): boolean {
    if (this.dropped || this.out.destroyed) return false;
    const backlog = this.out.writableLength;
    if (backlog > 0 && backlog + text.length > this.maxBuffered) {
      this.dropped = true;
      // One error for the whole backlog: without it Node makes a new error, stack trace and
      // all, for every queued chunk, which stalled the event loop for ~300 ms when 199 slow
      // readers were dropped at once (bench/RESULTS.md, "Live stream").
      // The error is ours and already reported through onDrop; nobody else need hear it.
      this.out.once("error", () => {});
      this.out.destroy(new Error(`live stream subscriber dropped: ${backlog} characters behind`));
      this.onDrop(backlog);
      return false;
    }
    this.out.write(text);
    return true;
  }
}
