import { describe, expect, it } from "vitest";
import parseServeArgs from "./parseServeArgs.ts";

describe("parseServeArgs", () => {
  it("defaults to 127.0.0.1:8080, SQLite, plain HTTP", () => {
    expect(parseServeArgs([], {})).toEqual({
      port: 8080,
      host: "127.0.0.1",
      data: undefined,
      db: "sqlite",
      https: false,
      cert: undefined,
      key: undefined,
      rateLimit: 200,
      demo: false,
      demoPort: 8081,
      demoVariant: "client-side",
      trustProxy: undefined,
      retryWindowHours: 24,
      forwardingLeaseSeconds: 60,
    });
  });

  it("takes --forwarding-lease-seconds from 15 to 3600", () => {
    expect(parseServeArgs(["--forwarding-lease-seconds", "20"], {}).forwardingLeaseSeconds).toBe(
      20,
    );
    expect(() => parseServeArgs(["--forwarding-lease-seconds", "10"], {})).toThrow(
      "--forwarding-lease-seconds: expected at least 15 (a send may take 10 s), got 10",
    );
    for (const bad of ["3601", "x", "1.5"])
      expect(() => parseServeArgs(["--forwarding-lease-seconds", bad], {})).toThrow(
        /^--forwarding-lease-seconds: expected/,
      );
  });

  it("takes --retry-window-hours from 1 to 720", () => {
    expect(parseServeArgs(["--retry-window-hours", "2"], {}).retryWindowHours).toBe(2);
    for (const bad of ["0", "721", "1.5", "x"])
      expect(() => parseServeArgs(["--retry-window-hours", bad], {})).toThrow(
        /^--retry-window-hours: expected/,
      );
  });

  it("takes --demo-variant client-side or server-side, only with --demo", () => {
    expect(parseServeArgs(["--demo"], {}).demoVariant).toBe("client-side");
    expect(parseServeArgs(["--demo", "--demo-variant", "server-side"], {}).demoVariant).toBe(
      "server-side",
    );
    expect(() => parseServeArgs(["--demo", "--demo-variant", "serverside"], {})).toThrow(
      '--demo-variant: expected "client-side" or "server-side", got "serverside"',
    );
    expect(() => parseServeArgs(["--demo-variant", "server-side"], {})).toThrow(
      "--demo-variant: only with --demo",
    );
  });

  it("takes --demo with --demo-port, else DEMO_PORT", () => {
    expect(parseServeArgs(["--demo"], {})).toMatchObject({ demo: true, demoPort: 8081 });
    expect(parseServeArgs(["--demo"], { DEMO_PORT: "0" }).demoPort).toBe(0);
    expect(parseServeArgs(["--demo", "--demo-port", "9001"], { DEMO_PORT: "0" }).demoPort).toBe(
      9001,
    );
    expect(() => parseServeArgs(["--demo-port", "9001"], {})).toThrow(
      "--demo-port: only with --demo",
    );
    expect(() => parseServeArgs(["--demo", "--demo-port", "x"], {})).toThrow(
      '--demo-port: expected an integer from 0 to 65535, got "x"',
    );
  });

  it("takes PORT, then --port over it", () => {
    expect(parseServeArgs([], { PORT: "9000" }).port).toBe(9000);
    expect(parseServeArgs(["--port", "9100"], { PORT: "9000" }).port).toBe(9100);
    expect(parseServeArgs(["--host", "0.0.0.0"], {}).host).toBe("0.0.0.0");
  });

  it("takes --data, --db, --https, --cert/--key and --rate-limit", () => {
    const o = parseServeArgs(
      [
        "--data",
        "/tmp/x",
        "--db",
        "postgres://u@127.0.0.1:5432/db",
        "--https",
        "--rate-limit",
        "0",
      ],
      {},
    );
    expect(o).toMatchObject({
      data: "/tmp/x",
      db: "postgres://u@127.0.0.1:5432/db",
      https: true,
      rateLimit: 0,
    });
    expect(parseServeArgs(["--cert", "c.pem", "--key", "k.pem"], {})).toMatchObject({
      https: true,
      cert: "c.pem",
      key: "k.pem",
    });
  });

  it("names the flag on bad input", () => {
    expect(() => parseServeArgs(["--port", "http"], {})).toThrow(
      '--port: expected an integer from 0 to 65535, got "http"',
    );
    expect(() => parseServeArgs(["--port", "70000"], {})).toThrow("--port");
    expect(() => parseServeArgs(["--bogus"], {})).toThrow(/bogus/);
    expect(() => parseServeArgs(["--db", "mysql://x"], {})).toThrow(/^--db/);
    expect(() => parseServeArgs(["--cert", "c.pem"], {})).toThrow(/--cert and --key/);
    expect(() => parseServeArgs(["--rate-limit", "-1"], {})).toThrow(/--rate-limit/);
  });

  it("takes --trust-proxy: true, or addresses and CIDR ranges", () => {
    const trust = (raw: string) => parseServeArgs(["--trust-proxy", raw], {}).trustProxy;
    expect(trust("true")).toBe(true);
    expect(trust("127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => trust("2")).toThrow("--trust-proxy: a hop count (2) cannot say which peer");
    expect(() => trust("yes")).toThrow('--trust-proxy: "yes" is not an address, a CIDR range');
    expect(() => trust("10.0.0.0/33")).toThrow('"10.0.0.0/33" is not an address');
    expect(() => trust("10.0.0.1,")).toThrow('"" is not an address');
  });

  it("takes --public-origin: the origin pages load libraries from, normalised", () => {
    const origin = (raw: string) => parseServeArgs(["--public-origin", raw], {}).publicOrigin;
    expect(parseServeArgs([], {}).publicOrigin).toBeUndefined();
    expect(origin("https://tags.example.com")).toBe("https://tags.example.com");
    expect(origin("https://Tags.Example.com:443/")).toBe("https://tags.example.com");
    expect(origin("http://127.0.0.1:8090")).toBe("http://127.0.0.1:8090");
    const expected = "--public-origin: expected an origin such as https://tags.example.com";
    for (const bad of [
      "tags.example.com",
      "ftp://tags.example.com",
      "https://tags.example.com/libs",
      "https://tags.example.com?x=1",
      "https://user@tags.example.com",
      "",
    ])
      expect(() => origin(bad), bad).toThrow(
        `${expected} (scheme and host, nothing else), got ${JSON.stringify(bad)}`,
      );
  });
});
