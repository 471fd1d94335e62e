import { describe, expect, it } from "vitest";
import reportCsv from "./reportCsv.ts";

describe("reportCsv", () => {
  it.each([
    ['=HYPERLINK("https://evil.test","x")', `"'=HYPERLINK(""https://evil.test"",""x"")"`],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ["=1,2", `"'=1,2"`],
  ])("neutralises a text cell that a spreadsheet would read as a formula: %j", (text, field) => {
    expect(reportCsv(["page", "n"], [[text, 1]])).toBe(`page,n\r\n${field},1\r\n`);
  });

  it("keeps numbers as numbers, negative ones too, and text that starts harmlessly as sent", () => {
    expect(
      reportCsv(
        ["page", "delta", "share"],
        [
          ["a=b", -3, -0.5],
          ["", 0, null],
        ],
      ),
    ).toBe("page,delta,share\r\na=b,-3,-0.5\r\n,0,\r\n");
  });
});
