import { describe, expect, it } from "vitest";
import { findHostAllowance, parseHostPattern } from "./findHostAllowance.ts";

const allows = (url: string, host: string) =>
  findHostAllowance(new URL(url), [{ host }]) !== undefined;

describe("findHostAllowance", () => {
  it("matches an exact host, whatever the case or a trailing dot", () => {
    expect(allows("https://graph.facebook.com/v21.0/1/events", "graph.facebook.com")).toBe(true);
    expect(allows("https://GRAPH.facebook.com./x", "graph.facebook.com")).toBe(true);
    expect(allows("https://graph.facebook.com/", "Graph.Facebook.com.")).toBe(true);
    expect(allows("https://graph.facebook.com.evil.example/", "graph.facebook.com")).toBe(false);
    expect(allows("https://evil-graph.facebook.com/", "graph.facebook.com")).toBe(false);
  });

  it("matches any subdomain with a wildcard, never the bare domain or a look-alike", () => {
    expect(allows("https://hooks.example.com/", "*.example.com")).toBe(true);
    expect(allows("https://a.b.example.com/", "*.example.com")).toBe(true);
    expect(allows("https://example.com/", "*.example.com")).toBe(false);
    expect(allows("https://badexample.com/", "*.example.com")).toBe(false);
    expect(allows("https://example.com.evil.test/", "*.example.com")).toBe(false);
  });

  it("narrows to a port when the pattern names one (the scheme's default otherwise)", () => {
    expect(allows("http://127.0.0.1:4010/hook", "127.0.0.1:4010")).toBe(true);
    expect(allows("http://127.0.0.1:4011/hook", "127.0.0.1:4010")).toBe(false);
    expect(allows("http://127.0.0.1:4011/hook", "127.0.0.1")).toBe(true);
    expect(allows("https://example.com/", "example.com:443")).toBe(true);
    expect(allows("http://example.com/", "example.com:443")).toBe(false);
    expect(allows("https://a.example.com:8443/", "*.example.com:8443")).toBe(true);
    expect(allows("https://a.example.com/", "*.example.com:8443")).toBe(false);
  });

  it("reads IPv6 literals with or without brackets, and Unicode names as punycode", () => {
    expect(allows("http://[::1]:8080/", "[::1]:8080")).toBe(true);
    expect(allows("http://[::1]:8081/", "[::1]:8080")).toBe(false);
    expect(allows("http://[::1]:8081/", "::1")).toBe(true);
    expect(allows("http://[0:0:0:0:0:0:0:1]/", "::1")).toBe(true);
    expect(allows("https://xn--bcher-kva.example/", "bücher.example")).toBe(true);
    expect(allows("https://bücher.example/", "*.example")).toBe(true);
  });

  it("prefers an allowance that allows private addresses when several match", () => {
    const hosts = [{ host: "*.example.com" }, { host: "internal.example.com", allowPrivate: true }];
    expect(findHostAllowance(new URL("http://internal.example.com/"), hosts)).toEqual(hosts[1]);
    expect(findHostAllowance(new URL("http://www.example.com/"), hosts)).toEqual(hosts[0]);
  });

  it("ignores patterns that name no host", () => {
    for (const pattern of [
      "",
      "*",
      "*.",
      "a.*.example.com",
      "example.com:0",
      "example.com:70000",
    ]) {
      expect(parseHostPattern(pattern), pattern).toBeUndefined();
    }
    expect(findHostAllowance(new URL("http://example.com/"), [{ host: "*" }])).toBeUndefined();
  });
});
