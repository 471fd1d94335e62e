import type { Writable } from "node:stream";

/** What a connection needs of its response: a real `ServerResponse` or any Writable. */
export type LiveOutput = Pick<Writable, "write" | "writableLength" | "destroy" | "destroyed">;

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
      this.out.destroy();
      this.onDrop(backlog);
      return false;
    }
    this.out.write(text);
    return true;
  }
}
