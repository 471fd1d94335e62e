import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LiveConnection } from "./LiveConnection.ts";

/** A real Writable whose reader is stuck until `release()`: writes pile up in its buffer. */
function stuckOutput() {
  const written: string[] = [];
  let pending: (() => void)[] = [];
  const out = new Writable({
    highWaterMark: 64,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      written.push(chunk);
      pending.push(callback);
    },
  });
  // Completing a write starts the next buffered one, so keep going until nothing waits.
  const release = () => {
    while (pending.length > 0) {
      const callbacks = pending;
      pending = [];
      for (const callback of callbacks) callback();
    }
  };
  return { out, written, release };
}

describe("LiveConnection", () => {
  it("keeps a slow reader's backlog under the bound, then disconnects it", () => {
    const { out } = stuckOutput();
    const drops: number[] = [];
    const connection = new LiveConnection(out, 1000, (backlog) => drops.push(backlog));
    const message = "x".repeat(100);
    let sent = 0;
    while (connection.send(message)) sent++;
    expect(sent).toBe(10);
    expect(out.writableLength).toBeLessThanOrEqual(1000);
    expect(out.destroyed).toBe(true);
    expect(drops).toEqual([1000]);
    expect(connection.send(message)).toBe(false);
  });

  it("keeps a reader that catches up, and takes a message larger than the bound into an empty backlog", () => {
    const { out, written, release } = stuckOutput();
    const connection = new LiveConnection(out, 250);
    expect(connection.send("y".repeat(600))).toBe(true);
    release();
    for (let round = 0; round < 20; round++) {
      expect(connection.send("a".repeat(100))).toBe(true);
      expect(connection.send("b".repeat(100))).toBe(true);
      release(); // the reader catches up before the next events
    }
    expect(out.destroyed).toBe(false);
    expect(written.join("").length).toBe(600 + 20 * 200);
  });
});
