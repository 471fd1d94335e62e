import { describe, expect, it } from "vitest";
import { registeredCode } from "./importFolder.ts";
import readLibraryFile, { FunctionSource } from "./readLibraryFile.ts";

/** Code that, if it ever ran in Node, would reach the host realm and leave a mark there. */
const ESCAPE = 'window.constructor.constructor("globalThis.__liftoffEscaped = true")();';
const marked = () => (globalThis as { __liftoffEscaped?: boolean }).__liftoffEscaped;

describe("a library file is read, never run", () => {
  it("reads the container literal, minified forms included, and runs nothing around it", () => {
    const text = `${ESCAPE}
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {buildInfo: {minified: !0, debug: !1, note: void 0},
    "__proto__": "kept as a key", n: -2, s: \`a\` + "b" + 1,
    extensions: {core: {modules: {"core/src/lib/x.js": {name: "x", script: function (module) { ${ESCAPE} }}}}},
    m: {run(a) { return a; }}, list: [1, , "x"]};
  ${ESCAPE}
})();`;
    const container = readLibraryFile(text);
    expect(marked()).toBeUndefined();
    expect(container.buildInfo).toEqual({ minified: true, debug: false, note: undefined });
    expect(Object.getOwnPropertyDescriptor(container, "__proto__")?.value).toBe("kept as a key");
    expect(Object.getPrototypeOf(container)).toBe(Object.prototype);
    expect(container).toMatchObject({ n: -2, s: "ab1", list: [1, undefined, "x"] });
    const script = (container.extensions as Record<string, any>).core.modules["core/src/lib/x.js"]
      .script as FunctionSource;
    expect(script).toBeInstanceOf(FunctionSource);
    expect(script.code).toBe(`function (module) { ${ESCAPE} }`);
    expect(((container.m as Record<string, unknown>).run as FunctionSource).code).toBe(
      "run(a) { return a; }",
    );
  });

  it("refuses a container that is not a literal, naming where", () => {
    expect(() =>
      readLibraryFile(`window._satellite.container = {a: ${ESCAPE.slice(0, -1)}};`),
    ).toThrow(
      /^window\._satellite\.container: a CallExpression at line 1, column 35 is not a literal value$/,
    );
    expect(() => readLibraryFile("_satellite.container = {a: b};")).toThrow(
      "window._satellite.container: the name b at line 1, column 28 is not a literal value",
    );
    expect(() => readLibraryFile("window._satellite.container = [];")).toThrow(
      "window._satellite.container is not an object.",
    );
    expect(() => readLibraryFile("var x = 1;")).toThrow(
      "No window._satellite.container assignment found: is this a Launch library file?",
    );
    expect(() => readLibraryFile("window._satellite.container = {")).toThrow(
      /^The library file is not valid JavaScript: Unexpected token \(1:31\)$/,
    );
    expect(marked()).toBeUndefined();
  });
});

describe("registeredCode", () => {
  it("takes the code an external custom-code file registers, without running the file", () => {
    const file = `${ESCAPE}_satellite.__registerScript("https://assets.adobedtm.com/x/RC1-source.min.js", "console.log(\\"hi\\");");`;
    expect(registeredCode(file)).toBe('console.log("hi");');
    expect(registeredCode(`window._satellite["__registerScript"]('u', \`a\`)`)).toBe("a");
    expect(marked()).toBeUndefined();
  });

  it("gives nothing for a file that registers no string literal", () => {
    expect(registeredCode('_satellite.__registerScript("u", code);')).toBeUndefined();
    expect(registeredCode('_satellite.other("u", "x");')).toBeUndefined();
    expect(registeredCode("not javascript (")).toBeUndefined();
  });
});
