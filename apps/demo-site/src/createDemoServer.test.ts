import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import createDemoServer, { PUBLIC_DIR, resolvePage } from "./createDemoServer.ts";

describe("demo site server", () => {
  const server = createDemoServer();
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves the home page at /", async () => {
    const res = await fetch(`${origin}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Protect what matters");
  });

  it("answers 404 for unknown paths and refuses to leave the folder", async () => {
    expect((await fetch(`${origin}/nope`)).status).toBe(404);
    expect(resolvePage(PUBLIC_DIR, "/../package.json")).toBeUndefined();
    expect(resolvePage(PUBLIC_DIR, "/%E0%A4%A")).toBeUndefined();
  });
});
