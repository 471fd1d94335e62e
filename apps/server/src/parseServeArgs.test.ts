import { describe, expect, it } from "vitest";
import parseServeArgs from "./parseServeArgs.ts";

describe("parseServeArgs", () => {
  it("defaults to 127.0.0.1:8080", () => {
    expect(parseServeArgs([], {})).toEqual({ port: 8080, host: "127.0.0.1" });
  });

  it("takes PORT, then --port over it", () => {
    expect(parseServeArgs([], { PORT: "9000" }).port).toBe(9000);
    expect(parseServeArgs(["--port", "9100"], { PORT: "9000" }).port).toBe(9100);
    expect(parseServeArgs(["--host", "0.0.0.0"], {}).host).toBe("0.0.0.0");
  });

  it("names the flag on bad input", () => {
    expect(() => parseServeArgs(["--port", "http"], {})).toThrow(
      '--port: expected an integer from 0 to 65535, got "http"',
    );
    expect(() => parseServeArgs(["--port", "70000"], {})).toThrow("--port");
    expect(() => parseServeArgs(["--bogus"], {})).toThrow(/bogus/);
  });
});
