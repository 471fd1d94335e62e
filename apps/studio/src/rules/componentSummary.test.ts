import type { ModuleManifest } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { componentSummary } from "./componentSummary.ts";

const module = (displayName: string, keys: string[]): ModuleManifest => ({
  path: `core/src/lib/x/${displayName}.js`,
  kind: "event",
  name: displayName,
  displayName,
  settings: { type: "object", properties: Object.fromEntries(keys.map((k) => [k, {}])) },
});

describe("componentSummary", () => {
  it("names a DOM event's element", () => {
    const click = module("Click", ["elementSelector", "bubbleStop", "anchorDelay"]);
    expect(componentSummary(click, "", { elementSelector: "a.download", bubbleStop: true })).toBe(
      "Click on a.download",
    );
  });

  it("lists a condition's values and a send-event's type", () => {
    const path = module("Path Without Query String", ["paths"]);
    const paths = [{ value: "/ms/", valueIsRegex: true }, { value: "/auto" }];
    expect(componentSummary(path, "", { paths })).toBe("Path Without Query String: /ms/, /auto");
    const send = module("Send event", ["instanceName", "type", "xdm"]);
    const settings = { instanceName: "alloy", type: "web.webpagedetails.pageViews", xdm: "%XDM%" };
    expect(componentSummary(send, "", settings)).toBe(
      "Send event: web.webpagedetails.pageViews · alloy",
    );
  });

  it("shows code's first line, clipped, and falls back to the module path", () => {
    const code = module("Custom Code", ["source", "language"]);
    const source = `${"x".repeat(100)}\nsecond line`;
    const line = componentSummary(code, "", { source, language: "javascript" });
    expect(line.length).toBe(80);
    expect(line.startsWith("Custom Code: xxx")).toBe(true);
    expect(line.endsWith("…")).toBe(true);
    expect(componentSummary(undefined, "other/src/lib/thing.js", {})).toBe(
      "other/src/lib/thing.js",
    );
  });
});
