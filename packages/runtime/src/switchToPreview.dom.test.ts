import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findPreviewSession, loadPreview } from "./switchToPreview.ts";

const ID = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, "", "/page");
});
afterEach(() => vi.restoreAllMocks());

describe("findPreviewSession", () => {
  it("takes the link's parameter over the kept id, and keeps it", () => {
    sessionStorage.setItem("liftoff_preview", OTHER);
    history.replaceState(null, "", `/page?a=1&liftoff_preview=${ID}&b=2`);
    expect(findPreviewSession()).toBe(ID);
    expect(sessionStorage.getItem("liftoff_preview")).toBe(ID);
  });

  it("uses the id the tab kept when the link has none", () => {
    sessionStorage.setItem("liftoff_preview", OTHER);
    expect(findPreviewSession()).toBe(OTHER);
  });

  it("ignores ids that are not 32 lowercase hex digits", () => {
    for (const bad of [ID.toUpperCase(), ID.slice(1), `${ID}0`, `${ID.slice(2)}"<`]) {
      history.replaceState(null, "", `/page?liftoff_preview=${encodeURIComponent(bad)}`);
      sessionStorage.setItem("liftoff_preview", bad);
      expect(findPreviewSession()).toBeUndefined();
    }
    history.replaceState(null, "", `/page?xliftoff_preview=${ID}`);
    sessionStorage.clear();
    expect(findPreviewSession()).toBeUndefined();
  });

  it("falls back to the kept id when the link's is bad", () => {
    sessionStorage.setItem("liftoff_preview", OTHER);
    history.replaceState(null, "", "/page?liftoff_preview=nope");
    expect(findPreviewSession()).toBe(OTHER);
  });

  it("treats storage that throws as none, and still follows the link", () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(findPreviewSession()).toBeUndefined();
    history.replaceState(null, "", `/page?liftoff_preview=${ID}`);
    expect(findPreviewSession()).toBe(ID);
  });
});

describe("loadPreview", () => {
  // jsdom has no `async`/`defer` properties on scripts: they are set as a browser reflects them.
  const library = (src: string, flags: { async?: boolean; defer?: boolean } = {}) => {
    document.head.innerHTML = `<script src="${src}"></script>`;
    const script = document.head.querySelector("script")!;
    return Object.assign(script, { async: false, defer: false, ...flags });
  };

  it("writes the preview build beside a parser-blocking library", () => {
    const write = vi.spyOn(document, "write").mockImplementation(() => {});
    loadPreview(ID, library("https://cdn.test/libs/PR1/EN1/launch.min.js?v=3"));
    expect(write).toHaveBeenCalledWith(
      `<script src="https://cdn.test/libs/PR1/EN1/preview-${ID}.js"></script>`,
    );
  });

  it("appends the preview build for an async or deferred library", () => {
    const write = vi.spyOn(document, "write");
    for (const flags of [{ async: true }, { defer: true }]) {
      loadPreview(ID, library("https://cdn.test/libs/PR1/EN1/launch.min.js", flags));
      const added = [...document.head.querySelectorAll("script")].at(-1)!;
      expect(added.src).toBe(`https://cdn.test/libs/PR1/EN1/preview-${ID}.js`);
      expect(added.async).toBe(true);
    }
    expect(write).not.toHaveBeenCalled();
  });
});
