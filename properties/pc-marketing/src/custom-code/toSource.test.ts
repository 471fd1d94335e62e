import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import toSource from "./toSource.ts";

/** Runs custom code as the page would: a function body on its own, no outer variables. */
const run = (code: string): unknown => runInNewContext(`(function () {\n${code}\n})()`);

describe("toSource", () => {
  it("calls the function's own text with the argument expressions", () => {
    const add = (a: number, b: number) => a + b;
    const code = toSource(add, "2", "3");
    expect(code.startsWith("return (")).toBe(true);
    expect(run(code)).toBe(5);
  });

  it("brings an identity __name when a keep-names transpiler wrapped inner functions", () => {
    // What tsx emits for `const q = () => a` inside a function: __name(() => a, "q").
    const wrapped = runInNewContext(
      '(function (a) { const q = __name(() => a, "q"); return q(); })',
    ) as (a: number) => number;
    expect(() => run(`return (${wrapped.toString()})(7);`)).toThrow(/__name/);
    expect(run(toSource(wrapped, "7"))).toBe(7);
  });

  it("adds nothing when the text has no __name call", () => {
    expect(toSource(() => 1)).not.toContain("__name");
  });
});
