import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manifest } from "./manifest.ts";

const lib = join(import.meta.dirname, "lib");
const folders = ["events", "conditions", "actions", "dataElements"];
const moduleFiles = folders.flatMap((folder) =>
  readdirSync(join(lib, folder))
    .filter((f) => /^[a-zA-Z]+\.ts$/.test(f))
    .map((f) => `core/src/lib/${folder}/${f.replace(/\.ts$/, ".js")}`),
);

describe("manifest", () => {
  it("has one entry per module file and a file per entry", () => {
    expect(manifest.map((m) => m.path).sort()).toEqual(moduleFiles.sort());
    expect(new Set(manifest.map((m) => m.path)).size).toBe(manifest.length);
  });

  it("entries are well formed: kebab-case names unique per kind, object settings schemas", () => {
    for (const entry of manifest) {
      expect(entry.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(entry.displayName.length).toBeGreaterThan(0);
      expect(entry.settings.type).toBe("object");
      for (const key of entry.settings.required ?? [])
        expect(entry.settings.properties).toHaveProperty(key);
      const folder = entry.kind === "dataElement" ? "dataElements" : `${entry.kind}s`;
      expect(entry.path.startsWith(`core/src/lib/${folder}/`)).toBe(true);
    }
    const keys = manifest.map((m) => `${m.kind}:${m.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("labels Launch's jargon in plain words, keeping Launch's term as a hint", () => {
    const click = manifest.find((m) => m.kind === "event" && m.name === "click")!;
    const fields = click.settings.properties!;
    for (const [key, launch] of [
      ["bubbleFireIfParent", "Bubble fire if parent"],
      ["bubbleFireIfChildFired", "Bubble fire if child fired"],
      ["bubbleStop", "Bubble stop"],
      ["anchorDelay", "Delay link activation"],
    ] as const) {
      expect(fields[key]!.title).toBeTruthy();
      expect(fields[key]!.title).not.toMatch(/bubble|anchor/i);
      expect(fields[key]!.description).toMatch(new RegExp(`Launch: ${launch}$`));
    }
    const code = manifest.find((m) => m.kind === "action" && m.name === "custom-code")!;
    expect(code.settings.properties!.isExternal!.description).toMatch(/Launch: Is external$/);
    // Labels only: the stored keys stay Launch's.
    expect(Object.keys(code.settings.properties!)).toEqual([
      "language",
      "global",
      "source",
      "isExternal",
    ]);
  });

  it("carries the spec's defaults (spec §9)", () => {
    const settings = (name: string) => manifest.find((m) => m.name === name)!.settings.properties!;
    expect(settings("scroll-depth").thresholds!.default).toEqual([25, 50, 75, 100]);
    expect(settings("scroll-depth").initialDelay!.default).toBe(100);
    expect(settings("scroll-depth").timeSpent!.default).toBe(10);
    expect(settings("time-and-scroll").scrollDepth!.default).toBe(50);
    expect(settings("time-and-scroll").seconds!.default).toBe(30);
    expect(settings("element-await").timeout!.default).toBe(5000);
    expect(settings("element-await").poll!.default).toBe(100);
    expect(settings("value-comparison").comparison!.properties!.operator!.enum).toHaveLength(18);
  });

  it("every module has its own test file or a describe block named after it", () => {
    for (const folder of folders) {
      const testFiles = readdirSync(join(lib, folder)).filter((f) => f.endsWith(".test.ts"));
      const tests = testFiles.map((f) => readFileSync(join(lib, folder, f), "utf8")).join("\n");
      const described = new Set(
        [...tests.matchAll(/describe\("([^"]+)"/g)].flatMap((m) => m[1]!.split(/, /)),
      );
      for (const entry of manifest.filter((m) => m.path.includes(`/${folder}/`))) {
        const file = entry.path.replace(/^.*\//, "").replace(/\.js$/, "");
        expect(
          described.has(file) || testFiles.some((f) => f.startsWith(`${file}.`)),
          `${entry.path} has a test`,
        ).toBe(true);
      }
    }
  });
});

it("every custom code source is marked for the code editor", () => {
  const sources = manifest
    .filter((m) => m.path.endsWith("/customCode.js"))
    .map((m) => [m.path, m.settings.properties?.source?.format]);
  expect(sources).toHaveLength(4);
  for (const [path, format] of sources) expect({ path, format }).toEqual({ path, format: "code" });
});
