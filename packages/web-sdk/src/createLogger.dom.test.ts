import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import createLogger from "./createLogger.ts";

const KEY = "com.adobe.alloy.instance.alloy.debug";

/** Pretends the document is still loading until `load()`; jsdom's is already complete. */
function loadingDocument() {
  Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
  return () => {
    delete (document as { readyState?: string }).readyState;
    window.dispatchEvent(new Event("load"));
  };
}

describe("createLogger", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    delete (document as { readyState?: string }).readyState;
    vi.restoreAllMocks();
  });

  it("holds messages while the page loads, then prints them in order once the choice is read", () => {
    sessionStorage.setItem(KEY, "true");
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const load = loadingDocument();
    const logger = createLogger("alloy");
    logger.setDebug(false); // configure's debugEnabled: the stored choice outranks it
    logger.info("Executing configure command.");
    logger.warn("careful");
    expect(getItem).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    load();
    expect(getItem).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith("[alloy]", "Executing configure command.");
    expect(warn).toHaveBeenCalledWith("[alloy]", "careful");
    expect(info.mock.invocationCallOrder[0]).toBeLessThan(warn.mock.invocationCallOrder[0]!);
    logger.info("later");
    expect(info).toHaveBeenLastCalledWith("[alloy]", "later");
  });

  it("uses configure's debugEnabled when nothing is stored, and drops what it held when off", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    let load = loadingDocument();
    const on = createLogger("alloy");
    on.setDebug(true);
    on.info("shown");
    load();
    expect(info).toHaveBeenCalledWith("[alloy]", "shown");
    info.mockClear();
    load = loadingDocument();
    const off = createLogger("alloy");
    off.info("hidden");
    load();
    off.info("still hidden");
    expect(info).not.toHaveBeenCalled();
  });

  it("the query string decides at once, persists, and needs no read", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    window.history.replaceState(null, "", "/page?alloy_debug=true");
    loadingDocument();
    const logger = createLogger("alloy");
    logger.info("now");
    expect(info).toHaveBeenCalledWith("[alloy]", "now");
    expect(getItem).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(KEY)).toBe("true");
    window.history.replaceState(null, "", "/");
  });

  it("the setDebug command and `enabled` read the stored choice at once", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    loadingDocument();
    const logger = createLogger("alloy");
    logger.info("before setDebug, while off");
    expect(logger.enabled).toBe(false);
    logger.setDebug(true, true);
    expect(sessionStorage.getItem(KEY)).toBe("true");
    expect(logger.enabled).toBe(true);
    logger.info("after");
    expect(info.mock.calls).toEqual([["[alloy]", "after"]]);
  });

  it("holds at most 500 messages: the next one makes it read the choice", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem");
    vi.spyOn(console, "info").mockImplementation(() => {});
    loadingDocument();
    const logger = createLogger("alloy");
    for (let i = 0; i < 500; i++) logger.info(i);
    expect(getItem).not.toHaveBeenCalled();
    logger.info(500);
    expect(getItem).toHaveBeenCalledTimes(1);
  });

  it("reads at once when the page has already loaded", () => {
    sessionStorage.setItem(KEY, "true");
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    createLogger("alloy").info("immediate");
    expect(info).toHaveBeenCalledWith("[alloy]", "immediate");
  });
});
