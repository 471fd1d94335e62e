import { describe, expect, it } from "vitest";
import createConsent, { DECLINED_CONSENT } from "./createConsent.ts";

const settled = async (promise: Promise<unknown>) => {
  let state = "waiting";
  promise.then(
    () => (state = "resolved"),
    (e: Error & { code?: string }) => (state = `rejected: ${e.message} (${e.code})`),
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return state;
};

describe("createConsent", () => {
  it("starts from the cookie when it holds a decision", async () => {
    const logs: string[] = [];
    const consent = createConsent("pending", "out", (m) => logs.push(m));
    expect(consent.state).toBe("out");
    expect(logs).toEqual([
      "Loaded user consent preferences. The user previously declined consent.",
    ]);
    expect(await settled(consent.awaitConsent())).toBe(
      `rejected: The user declined consent. (${DECLINED_CONSENT})`,
    );
  });

  it("uses the default otherwise; a default of out says no preferences were set", async () => {
    const logs: string[] = [];
    const consent = createConsent("out", undefined, (m) => logs.push(m));
    expect(logs).toEqual([
      "User consent preferences not found. Default consent of out will be used.",
    ]);
    expect(await settled(consent.awaitConsent())).toBe(
      "rejected: No consent preferences have been set. (declinedConsent)",
    );
    expect(await settled(consent.withConsent())).toContain("No consent preferences have been set.");
  });

  it("queues while pending and releases on in", async () => {
    const consent = createConsent("pending", undefined, () => undefined);
    const waiting = consent.awaitConsent();
    expect(await settled(waiting)).toBe("waiting");
    expect(await settled(consent.withConsent())).toBe("rejected: Consent is pending. (undefined)");
    consent.update("in");
    expect(await settled(waiting)).toBe("resolved");
    expect(await settled(consent.withConsent())).toBe("resolved");
  });

  it("rejects queued commands when the decision is out", async () => {
    const consent = createConsent("pending", undefined, () => undefined);
    const waiting = consent.awaitConsent();
    consent.update("out");
    expect(await settled(waiting)).toBe("rejected: The user declined consent. (declinedConsent)");
  });

  it("suspend holds commands until a decision; an unknown value keeps them held", async () => {
    const logs: string[] = [];
    const consent = createConsent("in", undefined, (m) => logs.push(m));
    consent.suspend();
    const waiting = consent.awaitConsent();
    consent.update("maybe");
    consent.update(undefined);
    expect(consent.state).toBe("pending");
    expect(await settled(waiting)).toBe("waiting");
    expect(logs).toContain("Unknown consent value: maybe");
    consent.update("in");
    expect(await settled(waiting)).toBe("resolved");
    expect(logs).toContain("User consented.");
  });
});
