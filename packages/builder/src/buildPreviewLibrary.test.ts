import { describe, expect, it } from "vitest";
import { DEV, smallProperty } from "../test/fixtureProperty.ts";
import buildLibrary, { COMPILE_HINT } from "./buildLibrary.ts";
import { engineScript, previewScripts } from "./moduleScripts.ts";

const SESSION = "0123456789abcdef0123456789abcdef";

describe("buildLibrary with preview", () => {
  it("lays out the prelude with the session, then the container, then the preview engine", async () => {
    // One build date for both, so their containers compare byte for byte.
    const buildDate = "2025-03-26T00:00:00Z";
    const [published, preview, scripts, engine] = await Promise.all([
      buildLibrary(smallProperty(), { environmentId: DEV, buildDate }),
      buildLibrary(smallProperty(), {
        environmentId: DEV,
        buildDate,
        preview: { sessionId: SESSION, label: "Spring release" },
      }),
      previewScripts(),
      engineScript(),
    ]);
    const config = `window._satellite=window._satellite||{},window._satellite.__liftoffPreview={"sessionId":"${SESSION}","label":"Spring release"};\n`;
    expect(preview.code.startsWith(`${COMPILE_HINT}${config}${scripts.prelude}\n`)).toBe(true);
    expect(preview.code.endsWith(scripts.engine)).toBe(true);
    // The same container as the published library of that environment.
    const containerOf = (code: string, tail: string) =>
      code.slice(code.indexOf("window._satellite.container="), code.length - tail.length);
    expect(containerOf(preview.code, scripts.engine)).toBe(containerOf(published.code, engine));
    expect(published.code).not.toContain("__liftoffPreview");
    // Hooks only in the preview engine; the switch only in the published one.
    expect(engine).not.toContain("__liftoffTrace");
    expect(scripts.engine).toContain("__liftoffTrace");
    expect(engine).toContain("liftoff_preview");
    expect(scripts.engine).not.toContain("liftoff_preview");
  });

  it("refuses a bad session id or label, naming the field", async () => {
    await expect(
      buildLibrary(smallProperty(), {
        environmentId: DEV,
        preview: { sessionId: "ABC", label: "x" },
      }),
    ).rejects.toThrow(/^preview\.sessionId: expected 32 lowercase hex digits, got "ABC"/);
    await expect(
      buildLibrary(smallProperty(), {
        environmentId: DEV,
        preview: { sessionId: SESSION, label: 7 as unknown as string },
      }),
    ).rejects.toThrow(/^preview\.label: expected a string/);
  });
});
