import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { JsCode, toSource } from "./JsCode.ts";
import { applyTransforms, syntaxError } from "./transforms.ts";

describe("setting transforms", () => {
  it("turns custom code into functions with Launch's parameters", () => {
    const condition = applyTransforms(
      "core/src/lib/conditions/customCode.js",
      { source: "return target === this;" },
      false,
    );
    expect(condition.source).toEqual(
      new JsCode("function(event,target){return target === this;\n}"),
    );
    const element = applyTransforms(
      "core/src/lib/dataElements/customCode.js",
      { source: "return 1" },
      false,
    );
    expect((element.source as JsCode).code).toBe("function(event){return 1\n}");
    const event = applyTransforms(
      "core/src/lib/events/customCode.js",
      { source: "trigger()" },
      false,
    );
    expect((event.source as JsCode).code).toBe("function(trigger){trigger()\n}");
  });

  it("minifies the function and keeps what it does", () => {
    const { source } = applyTransforms(
      "core/src/lib/dataElements/customCode.js",
      { source: "// the page's title\nvar title = document.title;\nreturn title + event.$type;" },
      true,
    );
    const code = (source as JsCode).code;
    expect(code).not.toContain("the page's title");
    const run = runInNewContext(`(${code})`, { document: { title: "Quote" } }) as (
      e: object,
    ) => string;
    expect(run({ $type: "core.click" })).toBe("Quotecore.click");
  });

  it("keeps a line comment at the end from swallowing the closing brace", () => {
    const { source } = applyTransforms(
      "core/src/lib/dataElements/customCode.js",
      { source: "return 2 // two" },
      false,
    );
    expect(syntaxError(`return (${(source as JsCode).code})`, [])).toBeUndefined();
  });

  it("compiles the custom-code action's inline JavaScript unless the engine could change it", () => {
    const action = (settings: Record<string, unknown>) =>
      applyTransforms("core/src/lib/actions/customCode.js", settings, false).source;
    expect(action({ language: "javascript", source: "return this.id + (2 % 2);" })).toEqual(
      new JsCode("function(event,target,Promise){return this.id + (2 % 2);\n}"),
    );
    expect(action({ source: "track()" })).toBeInstanceOf(JsCode);
    // Written as scripts, as Launch does: global code, HTML, loaded code and code with tokens.
    for (const kept of [
      { language: "javascript", global: true, source: "var x = 1;" },
      { language: "html", source: "<b>hi</b>" },
      { language: "javascript", isExternal: true, source: "https://cdn.test/rc.js" },
      { language: "javascript", source: 'var name = "%page name%";' },
    ])
      expect(action(kept)).toBe(kept.source);
    // A compiled function behaves like the written script: this, event, target, the result.
    const { code } = action({ source: "return [this.id, event.$type, target.id];" }) as JsCode;
    const run = runInNewContext(`(${code})`) as (this: object, e: object, t: object) => unknown;
    expect(run.call({ id: "a" }, { $type: "core.click" }, { id: "t" })).toEqual([
      "a",
      "core.click",
      "t",
    ]);
  });

  it("removes the date range's timezone and leaves other modules alone", () => {
    expect(
      applyTransforms(
        "core/src/lib/conditions/dateRange.js",
        { start: "a", end: "b", timezone: "UTC" },
        true,
      ),
    ).toEqual({ start: "a", end: "b" });
    const settings = { elementSelector: "a" };
    expect(applyTransforms("core/src/lib/events/click.js", settings, true)).toBe(settings);
  });

  it("writes code verbatim and everything else as JSON", () => {
    expect(toSource({ a: new JsCode("function(){}"), b: ["x", 1, null], c: undefined })).toBe(
      '{"a":function(){},"b":["x",1,null]}',
    );
  });
});
