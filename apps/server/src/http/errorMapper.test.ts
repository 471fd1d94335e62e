import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import createApp from "../main/createApp.ts";

describe("error mapper logs", () => {
  it("writes one structured JSON line per refused request, naming status, type and field", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = createApp({ logger: { level: "info", stream }, rateLimitPerSecond: 0 });
    const res = await app.inject({
      method: "POST",
      url: "/ee/v1/interact?configId=unknown",
      headers: { "content-type": "text/plain" },
      payload: "{}",
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    const line = lines.find((l) => l.status === 400);
    expect(line).toMatchObject({
      level: 30,
      status: 400,
      type: "https://ns.adobe.com/aep/errors/EXEG-0003-400",
      field: "configId",
    });
    expect(typeof line!.msg).toBe("string");
  });
});
