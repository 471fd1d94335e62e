import { describe, expect, it } from "vitest";
import { count } from "./count.ts";

describe("count", () => {
  it("says one in the singular and any other number in the plural", () => {
    expect(count(1, "problem")).toBe("1 problem");
    expect(count(0, "rule")).toBe("0 rules");
    expect(count(2, "data element")).toBe("2 data elements");
    expect(count(3, "library", "libraries")).toBe("3 libraries");
  });
});
