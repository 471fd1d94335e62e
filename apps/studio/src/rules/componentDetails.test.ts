import type { ModuleManifest } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { componentDetails } from "./componentDetails.ts";

const module = (displayName: string, keys: string[]): ModuleManifest => ({
  path: `core/src/lib/x/${displayName}.js`,
  kind: "event",
  name: displayName,
  displayName,
  settings: { type: "object", properties: Object.fromEntries(keys.map((k) => [k, {}])) },
});

describe("componentDetails", () => {
  it("names a DOM event's element", () => {
    const click = module("Click", ["elementSelector", "bubbleStop", "anchorDelay"]);
    expect(componentDetails(click, { elementSelector: "a.download", bubbleStop: true })).toBe(
      "on a.download",
    );
  });

  it("lists a condition's values and puts a send-event's type first", () => {
    const path = module("Path Without Query String", ["paths"]);
    const paths = [{ value: "/ms/", valueIsRegex: true }, { value: "/auto" }];
    expect(componentDetails(path, { paths })).toBe("/ms/, /auto");
    const send = module("Send event", ["instanceName", "type", "xdm"]);
    const settings = { instanceName: "alloy", type: "web.webpagedetails.pageViews", xdm: "%XDM%" };
    expect(componentDetails(send, settings)).toBe("web.webpagedetails.pageViews · alloy");
  });

  it("shows code's first line, clipped to 80 characters, and nothing for no settings", () => {
    const code = module("Custom Code", ["source", "language"]);
    const line = componentDetails(code, { source: `${"x".repeat(100)}\nmore`, language: "html" })!;
    expect(line).toHaveLength(80);
    expect(line.endsWith("…")).toBe(true);
    expect(componentDetails(module("Page Bottom", []), {})).toBeUndefined();
    expect(componentDetails(undefined, undefined)).toBeUndefined();
  });
});
