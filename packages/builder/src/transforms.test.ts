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

  it("removes the date range's timezone and leaves other modules alone", () => {
    expect(
      applyTransforms(
        "core/src/lib/conditions/dateRange.js",
        { start: "a", end: "b", timezone: "UTC" },
        true,
      ),
    ).toEqual({ start: "a", end: "b" });
    const settings = { language: "javascript", source: "x()" };
    expect(applyTransforms("core/src/lib/actions/customCode.js", settings, true)).toBe(settings);
  });

  it("writes code verbatim and everything else as JSON", () => {
    expect(toSource({ a: new JsCode("function(){}"), b: ["x", 1, null], c: undefined })).toBe(
      '{"a":function(){},"b":["x",1,null]}',
    );
  });
});
