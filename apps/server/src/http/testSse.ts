import { request } from "node:http";

/** One Server-Sent Events message: its `event` name and parsed JSON `data`. */
export interface SseMessage {
  event: string;
  data: unknown;
}

/**
 * Reads a Server-Sent Events stream over a real socket, message by message (tests only):
 * `opened` resolves with the status; `received(n)` once `n` named messages have arrived.
 * Comment lines (`: connected`, heartbeats) are not messages.
 */
export function readSse(url: string, headers: Record<string, string> = {}) {
  const messages: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  const req = request(url, { headers });
  const opened = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      resolve(res.statusCode ?? 0);
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const parsed = /^event: (\w[\w-]*)\ndata: (.*)$/.exec(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) messages.push({ event: parsed[1]!, data: JSON.parse(parsed[2]!) });
          waiters.splice(0).forEach((wake) => wake());
        }
      });
    });
    req.on("error", reject);
  });
  req.end();
  const received = async (count: number) => {
    while (messages.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return messages.slice(0, count);
  };
  return { opened, messages, received, close: () => req.destroy() };
}
