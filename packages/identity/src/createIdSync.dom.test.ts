import { describe, expect, it } from "vitest";
import createIdSync, { READY_MESSAGE, SYNC_PREFIX } from "./createIdSync.ts";
import normalizeConfig from "./normalizeConfig.ts";

// The sync record and the frame element in jsdom (which loads no frames); the handshake,
// the fallback and the partner requests themselves are proven in Chromium (browser.e2e.ts).
const ORIGIN = "https://id.example.test";
const today = () => Math.floor(Date.now() / 86400000);

function run(config: Record<string, unknown>, ibs: unknown, record = "") {
  const fields: Record<string, string> = { MCSYNCS: record };
  createIdSync(
    window,
    normalizeConfig(config, () => {}),
    ORIGIN,
  )(
    { ibs },
    (key) => fields[key] ?? "",
    (key, value) => (fields[key] = value),
  );
  const frames = [...document.querySelectorAll("iframe")];
  frames.forEach((f) => f.remove());
  return { record: fields.MCSYNCS!, frames };
}

describe("createIdSync", () => {
  it("records new syncs with their expiry day and opens one hidden frame", () => {
    const { record, frames } = run({ idSyncContainerID: 7 }, [
      { id: "411", url: ["https://partner.example/a"], ttl: 10080 },
      { id: "12", url: "https://partner.example/b", ttl: 30 },
    ]);
    expect(record).toBe(`411-${today() + 7}*12-${today() + 1}`);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.src).toBe(
      `${ORIGIN}/dest5.html?d_nsid=7#${encodeURIComponent(location.origin)}`,
    );
    expect(frames[0]!.style.display).toBe("none");
    expect([READY_MESSAGE, SYNC_PREFIX]).toEqual(["dest5:ready", "dest5:sync:"]);
  });

  it("skips syncs still on record, forgets expired ones, and ignores malformed entries", () => {
    const { record, frames } = run(
      {},
      [
        { id: "411", url: ["https://p/a"], ttl: 1440 },
        { id: "bad id", url: ["https://p/x"] },
        null,
      ],
      `411-${today() + 3}*99-${today() - 1}`,
    );
    expect(record).toBe(`411-${today() + 3}`);
    expect(frames).toHaveLength(0);
  });

  it("does nothing when syncs are disabled", () => {
    for (const flag of ["idSyncDisableSyncs", "disableIdSyncs"]) {
      const { record, frames } = run({ [flag]: true }, [{ id: "1", url: ["https://p/a"] }]);
      expect(record).toBe("");
      expect(frames).toHaveLength(0);
    }
  });

  it("caps the record at 649 characters, dropping the oldest entries", () => {
    const old = Array.from({ length: 60 }, (_, i) => `${5000 + i}-${today() + 9}`).join("*");
    const { record } = run({}, [{ id: "777", url: ["https://p/a"], ttl: 1440 }], old);
    expect(record.length).toBeLessThanOrEqual(649);
    expect(record.endsWith(`*777-${today() + 1}`)).toBe(true);
    expect(record.startsWith("5000-")).toBe(false);
  });
});
