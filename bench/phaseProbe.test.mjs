import { describe, expect, it } from "vitest";
import { probedParts } from "./phaseProbe.mjs";

// A main thread's TimeStamp events, thread timestamps in µs.
const stamp = (message, tts) => ({ name: "TimeStamp", tts, args: { data: { message } } });
// Marks 10 µs apart; an empty wrapped call spans 15 µs (so the wrapping costs 5 µs beyond
// its end mark); the container literal takes 300 µs.
const preamble = () => [
  ...Array.from({ length: 9 }, (_, i) => stamp(`P:calibrate ${i}`, i * 10)),
  ...Array.from({ length: 8 }, (_, i) => [
    stamp("X P:nothing", 100 + i * 20),
    stamp("X:end P:nothing", 115 + i * 20),
  ]).flat(),
  stamp("P:container start", 300),
  stamp("P:container built", 600),
];

describe("probedParts", () => {
  it("charges each path its own time, less the marks and the wrapping", () => {
    const events = [
      ...preamble(),
      // a (1000–1500 µs) calls b (1100–1300 µs); an event that is not a mark is ignored.
      stamp("X a", 1000),
      stamp("X b", 1100),
      { name: "FunctionCall", ph: "X", ts: 1150, dur: 10 },
      stamp("X:end b", 1300),
      stamp("X:end a", 1500),
      // b again on its own, 50 µs.
      stamp("X b", 2000),
      stamp("X:end b", 2050),
    ];
    const parts = probedParts(events);
    const ms = Object.fromEntries([...parts].map(([k, v]) => [k, Math.round(v * 1000)]));
    // container 300 − 10; b (200 − 10 − 5) + (50 − 10 − 5); a 500 − (200 + 10) − 10 − 5.
    expect(ms).toEqual({ container: 290, b: 220, a: 275 });
  });

  it("refuses marks that do not pair", () => {
    const events = [...preamble(), stamp("X a", 1000), stamp("X:end b", 1100)];
    expect(() => probedParts(events)).toThrow(/unpaired mark X:end b/);
  });

  it("names a missing mark", () => {
    expect(() => probedParts(preamble().slice(1))).toThrow(/no "P:calibrate 0" mark/);
  });
});
