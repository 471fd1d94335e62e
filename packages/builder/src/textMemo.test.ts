import { describe, expect, it } from "vitest";
import { textMemo } from "./textMemo.ts";

describe("textMemo", () => {
  it("computes each text once and keeps no more characters than it may", () => {
    const computed: string[] = [];
    const upper = textMemo(
      (text) => {
        computed.push(text);
        return text.toUpperCase();
      },
      (value) => value.length,
      8,
    );
    expect([upper("ab"), upper("ab"), upper("cd")]).toEqual(["AB", "AB", "CD"]);
    expect(computed).toEqual(["ab", "cd"]);
    // "ef" takes the kept characters to 12: the oldest ("ab") leaves, "cd" stays.
    upper("ef");
    upper("cd");
    upper("ab");
    expect(computed).toEqual(["ab", "cd", "ef", "ab"]);
  });
});
