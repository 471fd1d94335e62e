import { afterEach, describe, expect, it, vi } from "vitest";
import createLogger, { ROCKET } from "./createLogger.ts";

describe("createLogger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("prints with the rocket prefix only while enabled", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    let enabled = false;
    const logger = createLogger(() => enabled);
    logger.log("hidden");
    expect(log).not.toHaveBeenCalled();
    enabled = true;
    logger.log('Rule "A" fired.');
    expect(log).toHaveBeenCalledWith(ROCKET, 'Rule "A" fired.');
  });

  it("adds [name] as the second argument for prefixed loggers, which have five methods", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const core = createLogger(() => true).prefixed_("Core");
    core.warn("careful");
    expect(warn).toHaveBeenCalledWith(ROCKET, "[Core]", "careful");
    expect(Object.keys(core).sort()).toEqual(["debug", "error", "info", "log", "warn"]);
  });

  it("always prints deprecations through console.warn", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    createLogger(() => false).deprecation("old API");
    expect(warn).toHaveBeenCalledWith(ROCKET, "old API");
  });
});
