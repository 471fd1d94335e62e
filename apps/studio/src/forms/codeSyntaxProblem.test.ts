import { describe, expect, it } from "vitest";
import { codeSyntaxProblem } from "./codeSyntaxProblem.ts";

describe("codeSyntaxProblem", () => {
  it("gives the line and column where code stops parsing", () => {
    expect(codeSyntaxProblem("var a = 1;\nvar b = ;\n")).toEqual({
      message: "Unexpected token",
      line: 2,
      column: 9,
      from: 19,
      to: 20,
    });
    expect(codeSyntaxProblem("window.clicked = (")).toMatchObject({ line: 1, column: 19 });
  });

  it("accepts a return at the top (custom code is a function body) and modern syntax", () => {
    expect(codeSyntaxProblem("return document.title?.trim() ?? '';")).toBeUndefined();
    expect(codeSyntaxProblem("const { a, ...rest } = window.x || {};\nasync () => 1;")).toBe(
      undefined,
    );
  });

  it("reads %data element% tokens as names and leaves HTML alone", () => {
    expect(codeSyntaxProblem("console.log(%page name%);")).toBeUndefined();
    expect(codeSyntaxProblem("var a = %page name% +;")).toMatchObject({ line: 1, column: 22 });
    expect(codeSyntaxProblem("<script>var a = ;</script>")).toBeUndefined();
  });
});
