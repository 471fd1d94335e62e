import { describe, expect, it } from "vitest";
import { parents, samples } from "./cpuProfile.mjs";

const frame = (functionName) => ({ functionName, url: "", lineNumber: -1, columnNumber: -1 });
// root → a → b; samples a, b, a at 1000, 1010, 1040 µs after a start at 1000.
const profile = {
  startTime: 1000,
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2] },
    { id: 2, callFrame: frame("a"), children: [3] },
    { id: 3, callFrame: frame("b") },
  ],
  samples: [2, 3, 2],
  timeDeltas: [0, 10, 30],
};

describe("samples", () => {
  it("gives each sample its timestamp and the interval until the next sample", () => {
    const list = [...samples(profile)].map(({ node, at, us }) => [
      node.callFrame.functionName,
      at,
      us,
    ]);
    expect(list).toEqual([
      ["a", 1000, 10],
      ["b", 1010, 30],
      ["a", 1040, 0],
    ]);
  });

  it("skips samples naming a node the profile does not hold", () => {
    const list = [...samples({ ...profile, samples: [2, 9, 2] })].map((s) => s.at);
    expect(list).toEqual([1000, 1040]);
  });
});

describe("parents", () => {
  it("maps each node to the node that lists it as a child", () => {
    expect([...parents(profile)]).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });
});
