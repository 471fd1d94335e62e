import { beforeEach, describe, expect, it } from "vitest";
import fakeTurbine from "../../../test/fakeTurbine.ts";
import cookie from "./cookie.ts";
import customCode from "./customCode.ts";
import domain from "./domain.ts";
import hash from "./hash.ts";
import path from "./path.ts";
import pathAndQuerystring from "./pathAndQuerystring.ts";
import protocol from "./protocol.ts";
import queryStringParameter from "./queryStringParameter.ts";
import subdomain from "./subdomain.ts";
import variable from "./variable.ts";

// jsdom's location is http://localhost:3000/ by default; history moves the path.
const go = (url: string) => history.replaceState(null, "", url);
const exact = (value: string) => ({ value });
const regex = (value: string) => ({ value, valueIsRegex: true });

beforeEach(() => {
  fakeTurbine();
  go("/");
});

describe("path", () => {
  it("matches exact text case-sensitively, or a case-insensitive regex (spec §2, §5)", () => {
    go("/small-business?q=1#top");
    expect(path({ paths: [exact("/small-business")] })).toBe(true);
    expect(path({ paths: [exact("/Small-Business")] })).toBe(false);
    expect(path({ paths: [regex("BUSINESS$")] })).toBe(true);
    expect(path({ paths: [exact("/x"), regex("/ms/")] })).toBe(false);
    go("/pcg/ms/x");
    expect(path({ paths: [exact("/x"), regex("/ms/")] })).toBe(true);
  });
  it("a missing pattern is an illegal argument", () => {
    expect(() => path({ paths: [{}] })).toThrow("Illegal Argument: Pattern is not present");
    expect(() => path({})).toThrow("Illegal Argument");
  });
});

describe("pathAndQuerystring", () => {
  it("matches pathname plus search", () => {
    go("/search?q=auto");
    expect(pathAndQuerystring({ paths: [exact("/search?q=auto")] })).toBe(true);
    expect(pathAndQuerystring({ paths: [exact("/search")] })).toBe(false);
  });
});

describe("queryStringParameter", () => {
  it("needs the parameter present and matching; legacy single value works", () => {
    go("/search?q=Home%20Insurance&empty=");
    expect(queryStringParameter({ name: "q", queryParams: [regex("^home")] })).toBe(true);
    expect(queryStringParameter({ name: "q", value: "Home Insurance" })).toBe(true);
    expect(queryStringParameter({ name: "cmpid", queryParams: [regex(".*")] })).toBe(false);
    expect(queryStringParameter({ name: "empty", queryParams: [exact("")] })).toBe(true);
    expect(() => queryStringParameter({ queryParams: [] })).toThrow("settings.name");
  });
});

describe("hash", () => {
  it("compares location.hash with its #", () => {
    go("/#faq");
    expect(hash({ hashes: [exact("#faq")] })).toBe(true);
    expect(hash({ hashes: [exact("faq")] })).toBe(false);
  });
});

describe("domain", () => {
  it("accepts the domain and its subdomains, ignoring case", () => {
    expect(domain({ domains: ["LOCALHOST"] })).toBe(true);
    expect(domain({ domains: ["host"] })).toBe(false);
    expect(() => domain({})).toThrow("settings.domains must be an array.");
  });
});

describe("subdomain", () => {
  it("matches the full hostname", () => {
    expect(subdomain({ subdomains: [exact("localhost")] })).toBe(true);
    expect(subdomain({ subdomains: [regex("^www\\.")] })).toBe(false);
  });
});

describe("protocol", () => {
  it("compares ignoring case", () => {
    expect(protocol({ protocol: "HTTP:" })).toBe(true);
    expect(protocol({ protocol: "https:" })).toBe(false);
    expect(() => protocol({})).toThrow("settings.protocol");
  });
});

describe("cookie", () => {
  it("is false when missing; matches the value @adobe/reactor-cookie gives", () => {
    fakeTurbine({ cookies: { dnsCookie: "opt out" } });
    expect(cookie({ name: "dnsCookie", cookieValues: [regex("^OPT")] })).toBe(true);
    expect(cookie({ name: "dnsCookie", value: "opt out" })).toBe(true);
    expect(cookie({ name: "nope", cookieValues: [regex(".*")] })).toBe(false);
    expect(() => cookie({ name: "dnsCookie" })).toThrow("Illegal Argument");
  });
});

describe("variable", () => {
  it("reads a window dot path; numbers compare as text", () => {
    Object.assign(window, { digitalData: { page: { type: "Product", count: 3 } } });
    expect(variable({ name: "digitalData.page.type", variableValues: [exact("Product")] })).toBe(
      true,
    );
    expect(variable({ name: "digitalData.page.type", variableValues: [regex("^prod")] })).toBe(
      true,
    );
    expect(variable({ name: "digitalData.page.count", value: "3" })).toBe(true);
    expect(variable({ name: "digitalData.missing.x", variableValues: [regex(".*")] })).toBe(false);
    expect(() => variable({ name: "digitalData.page.type" })).toThrow("Illegal Argument");
  });
});

describe("customCode", () => {
  it("calls source(event, target) with this = event.element", () => {
    const element = document.createElement("a");
    const seen: unknown[] = [];
    const source = function (this: unknown, event: unknown, target: unknown) {
      seen.push(this, event, target);
      return "yes";
    };
    const event = { element, target: document.body };
    expect(customCode({ source }, event)).toBe("yes");
    expect(seen).toEqual([element, event, document.body]);
    expect(() => customCode({ source: "return 1" }, event)).toThrow("settings.source");
  });
});
