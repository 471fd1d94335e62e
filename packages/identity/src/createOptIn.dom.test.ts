import { beforeEach, describe, expect, it, vi } from "vitest";
import createCookies from "./createCookies.ts";
import createOptIn, { OPT_IN_COOKIE, type OptInConfig } from "./createOptIn.ts";
import { INVALID_CATEGORY, OPT_IN_CATEGORIES } from "./optInCategories.ts";

// adobe.optIn on its own, with jsdom's real cookie jar for the storage cookie.
const cookies = createCookies(document, {});
const make = (config: Partial<OptInConfig> = {}, report = vi.fn()) =>
  createOptIn({ optInStorageExpiry: 33696000, ...config }, cookies, report);

beforeEach(() => {
  document.cookie = `${OPT_IN_COOKIE}=; path=/; max-age=0`;
});

describe("adobe.optIn", () => {
  it("approves everything, and stays pending, when opt-in does not apply", () => {
    const optIn = make();
    expect(optIn.doesOptInApply).toBe(false);
    expect(optIn.isApproved(Object.values(OPT_IN_CATEGORIES))).toBe(true);
    optIn.denyAll();
    expect(optIn.isApproved("ecid")).toBe(true);
    expect(optIn.status).toBe("pending");
    expect(optIn.isPending).toBe(true);
  });

  it("starts from the organisation defaults and the visitor's earlier choices", () => {
    const optIn = make({
      doesOptInApply: () => true,
      preOptInApprovals: { aa: true, target: true },
      previousPermissions: { target: false },
    });
    expect(optIn.permissions).toMatchObject({ aa: true, target: false, ecid: false });
    expect(optIn.isPreApproved("target")).toBe(true);
    expect(optIn.isPreApproved(["aa", "ecid"])).toBe(false);
    expect(optIn.status).toBe("complete");
  });

  it("rejects unknown categories with the 5.5.0 message, everywhere", () => {
    const optIn = make({ doesOptInApply: true });
    for (const call of [
      () => optIn.approve("ECID"),
      () => optIn.deny(["aa", "analytics"]),
      () => optIn.isApproved([]),
      () => optIn.isPreApproved("x"),
    ])
      expect(call).toThrow(INVALID_CATEGORY);
    expect(INVALID_CATEGORY).toBe(
      "[OptIn] Invalid category(-ies). Please use the `OptIn.Categories` enum.",
    );
  });

  it("stages decisions until complete(), then tells listeners once", () => {
    const optIn = make({ doesOptInApply: true });
    const listener = vi.fn();
    optIn.on("complete", listener);
    optIn.approve("aa", true);
    optIn.deny("aam", true);
    expect(optIn.status).toBe("changed");
    expect(optIn.isApproved("aa")).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    optIn.complete();
    expect(optIn.isComplete).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ aa: true, aam: false });
    optIn.off("complete", listener);
    optIn.approveAll();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(optIn.isApproved(Object.values(OPT_IN_CATEGORIES))).toBe(true);
  });

  it("fetchPermissions waits for a decision, or answers at once, and can keep listening", () => {
    const optIn = make({ doesOptInApply: true });
    const once = vi.fn();
    const always = vi.fn();
    optIn.fetchPermissions(once);
    optIn.fetchPermissions(always, true);
    expect(once).not.toHaveBeenCalled();
    optIn.approve("ecid");
    optIn.deny("ecid");
    expect(once).toHaveBeenCalledTimes(1);
    expect(always).toHaveBeenCalledTimes(2);
    const now = vi.fn();
    optIn.fetchPermissions(now);
    expect(now).toHaveBeenCalledWith(expect.objectContaining({ ecid: false }));
  });

  it("keeps a throwing listener from stopping the others", () => {
    const report = vi.fn();
    const optIn = make({ doesOptInApply: true }, report);
    const after = vi.fn();
    optIn.on("complete", () => {
      throw new Error("listener bug");
    });
    optIn.on("complete", after);
    optIn.approve("aa");
    expect(after).toHaveBeenCalled();
    expect(report).toHaveBeenCalledWith(new Error("listener bug"));
  });

  it("stores decisions only with isOptInStorageEnabled, and survives a damaged cookie", () => {
    make({ doesOptInApply: true }).approve("aa");
    expect(document.cookie).not.toContain(OPT_IN_COOKIE);
    make({ doesOptInApply: true, isOptInStorageEnabled: true }).approve("aa");
    expect(decodeURIComponent(document.cookie)).toContain('"aa":true');
    document.cookie = `${OPT_IN_COOKIE}=%7Bnot-json; path=/`;
    const report = vi.fn();
    const optIn = make({ doesOptInApply: true, isOptInStorageEnabled: true }, report);
    expect(optIn.status).toBe("pending");
    expect(report).toHaveBeenCalledWith(expect.any(SyntaxError));
  });
});
