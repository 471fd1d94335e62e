import { createHash } from "node:crypto";
import { SECRET_CLOSE, SECRET_OPEN, type ForwardingRuleset } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { createDataElementReader } from "./createDataElementReader.ts";
import { EngineError } from "./EngineError.ts";
import { DATA_ELEMENT, arc, module, ruleset } from "./engineTestSupport.ts";

type Elements = ForwardingRuleset["dataElements"];
const readerOf = (
  elements: Elements,
  event = arc({}, { data: { items: [{ sku: "A-1" }, { sku: "B-2" }], total: 42.5 } }),
) => createDataElementReader(ruleset([], elements), event);
const hex = (text: string) => createHash("sha256").update(text).digest("hex");

describe("path data element", () => {
  const read = readerOf({
    url: module(DATA_ELEMENT.path, { path: "arc.event.xdm.web.webPageDetails.URL" }),
    sku: module(DATA_ELEMENT.path, { path: "arc.event.data.items[1].sku" }),
    total: module(DATA_ELEMENT.path, { path: "arc.event.data.total" }),
    ip: module(DATA_ELEMENT.path, { path: "arc.request.ip" }),
    whole: module(DATA_ELEMENT.path, { path: "arc.event.data.items[0]" }),
    missing: module(DATA_ELEMENT.path, { path: "arc.event.xdm.commerce.order.priceTotal" }),
    proto: module(DATA_ELEMENT.path, { path: "arc.event.xdm.constructor" }),
    outside: module(DATA_ELEMENT.path, { path: "window.location" }),
    broken: module(DATA_ELEMENT.path, { path: "arc.event..xdm" }),
  });

  it("reads dots and [n] from arc, keeping the value's type", () => {
    expect(read("url")).toBe("https://shop.example/products/shoes?color=red");
    expect(read("sku")).toBe("B-2");
    expect(read("total")).toBe(42.5);
    expect(read("ip")).toBe("203.0.113.9");
    expect(read("whole")).toEqual({ sku: "A-1" });
  });

  it("gives undefined where a step finds nothing, and never reads inherited properties", () => {
    expect(read("missing")).toBeUndefined();
    expect(read("proto")).toBeUndefined();
  });

  it("refuses a path that does not start at arc or is not made of steps", () => {
    expect(() => read("outside")).toThrow(
      'data element "outside" (path): the path "window.location" does not start at arc',
    );
    expect(() => read("broken")).toThrow("is not made of .name and [n] steps after arc");
  });
});

describe("constant data element", () => {
  it("gives its value, any type, with tokens resolved", () => {
    const read = readerOf({
      number: module(DATA_ELEMENT.constant, { value: 7 }),
      object: module(DATA_ELEMENT.constant, { value: { a: [1, "{{number}}"] } }),
      text: module(DATA_ELEMENT.constant, { value: "n={{number}}" }),
    });
    expect(read("number")).toBe(7);
    expect(read("object")).toEqual({ a: [1, 7] });
    expect(read("text")).toBe("n=7");
  });
});

describe("mapping table data element", () => {
  const table = (input: unknown, extra: Record<string, unknown> = {}) =>
    readerOf({
      input: module(DATA_ELEMENT.constant, { value: input }),
      table: module(DATA_ELEMENT.mappingTable, {
        input: "{{input}}",
        rows: [
          { input: "checkout", output: "Purchase" },
          { input: "^/products/", output: { kind: "product" }, regex: true },
          { input: "42", output: "{{input}}" },
        ],
        default: "Other",
        ...extra,
      }),
    })("table");

  it("gives the first matching row's output, exact or by regex, with its type", () => {
    expect(table("checkout")).toBe("Purchase");
    expect(table("/products/shoes")).toEqual({ kind: "product" });
    expect(table(42)).toBe(42); // a number's text matches, the output token keeps its type
  });

  it("gives the default when no row matches, undefined without one", () => {
    expect(table("cart")).toBe("Other");
    expect(table("cart", { default: undefined })).toBeUndefined();
  });

  it("refuses a regex row that does not compile and a secret input", () => {
    expect(() => table("x", { rows: [{ input: "(", output: 1, regex: true }] })).toThrow(
      /data element "table" \(mapping table\): "\(" is not a valid regular expression/,
    );
    const read = readerOf({
      key: module(DATA_ELEMENT.secret, { name: "api" }),
      table: module(DATA_ELEMENT.mappingTable, { input: "{{key}}", rows: [] }),
    });
    expect(() => read("table")).toThrow("a secret cannot be a mapping table's input");
  });
});

describe("join data element", () => {
  it("joins the values' texts, dropping missing and empty ones", () => {
    const read = readerOf({
      first: module(DATA_ELEMENT.constant, { value: "Ada" }),
      empty: module(DATA_ELEMENT.constant, { value: "" }),
      number: module(DATA_ELEMENT.constant, { value: 3 }),
      joined: module(DATA_ELEMENT.join, {
        values: ["{{first}}", "{{empty}}", "{{nothing}}", "{{number}}", "x"],
        separator: "|",
      }),
      plain: module(DATA_ELEMENT.join, { values: ["a", "b"] }),
    });
    expect(read("joined")).toBe("Ada|3|x");
    expect(read("plain")).toBe("ab");
  });
});

describe("sha256 data element", () => {
  const hash = (value: unknown, normalize?: string) =>
    readerOf({
      value: module(DATA_ELEMENT.constant, { value }),
      hash: module(
        DATA_ELEMENT.sha256,
        normalize ? { value: "{{value}}", normalize } : { value: "{{value}}" },
      ),
    })("hash");

  it("hashes to lowercase hex, normalizing e-mail addresses and phone numbers", () => {
    expect(hash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hash("  Ada@Example.COM ", "email")).toBe(hex("ada@example.com"));
    expect(hash("+1 (555) 010-9999", "phone")).toBe(hex("15550109999"));
    expect(hash(" Ada ", "none")).toBe(hex(" Ada "));
    expect(hash(12345)).toBe(hex("12345"));
  });

  it("gives nothing for nothing", () => {
    expect(hash(undefined)).toBeUndefined();
    expect(hash("")).toBeUndefined();
    expect(hash("  ", "email")).toBeUndefined();
  });

  it("refuses a secret and an unknown normalization", () => {
    const read = readerOf({
      key: module(DATA_ELEMENT.secret, { name: "salt" }),
      hash: module(DATA_ELEMENT.sha256, { value: "x{{key}}" }),
    });
    expect(() => read("hash")).toThrow('data element "hash" (SHA-256): a secret cannot be hashed');
    expect(() => hash("a", "upper")).toThrow("normalize must be email, phone or none");
  });
});

describe("secret data element", () => {
  it("is its placeholder, whatever the element's options", () => {
    const read = readerOf({
      token: {
        ...module(DATA_ELEMENT.secret, { name: "Meta_Token" }),
        forceLowerCase: true,
        cleanText: true,
      },
      nameless: module(DATA_ELEMENT.secret, {}),
    });
    expect(read("token")).toBe(`${SECRET_OPEN}Meta_Token${SECRET_CLOSE}`);
    expect(() => read("nameless")).toThrow("the secret's name is empty");
  });
});

describe("data element options and reading", () => {
  it("applies the default to a missing value, then clean text and lower case to texts", () => {
    const read = readerOf({
      fallback: {
        ...module(DATA_ELEMENT.path, { path: "arc.event.xdm.nothing" }),
        defaultValue: "none",
      },
      tidy: {
        ...module(DATA_ELEMENT.constant, { value: "  Big \n  Shoes " }),
        cleanText: true,
        forceLowerCase: true,
      },
      number: { ...module(DATA_ELEMENT.constant, { value: 5 }), forceLowerCase: true },
    });
    expect(read("fallback")).toBe("none");
    expect(read("tidy")).toBe("big shoes");
    expect(read("number")).toBe(5);
  });

  it("computes each data element once per event, failures included", () => {
    const read = readerOf({
      object: module(DATA_ELEMENT.constant, { value: { a: 1 } }),
      bad: module(DATA_ELEMENT.path, { path: "nope" }),
    });
    expect(read("object")).toBe(read("object")); // the same object: computed once
    let first: unknown;
    let second: unknown;
    try {
      read("bad");
    } catch (error) {
      first = error;
    }
    try {
      read("bad");
    } catch (error) {
      second = error;
    }
    expect(first).toBeInstanceOf(EngineError);
    expect(second).toBe(first);
  });

  it("names a circular reference as a chain instead of looping", () => {
    const read = readerOf({
      a: module(DATA_ELEMENT.constant, { value: "{{b}}" }),
      b: module(DATA_ELEMENT.join, { values: ["x", "{{c}}"] }),
      c: module(DATA_ELEMENT.constant, { value: "{{a}}" }),
      self: module(DATA_ELEMENT.constant, { value: "{{self}}" }),
    });
    expect(() => read("a")).toThrow(
      "circular data element reference: {{a}} → {{b}} → {{c}} → {{a}}",
    );
    expect(() => read("self")).toThrow("circular data element reference: {{self}} → {{self}}");
  });

  it("reads a name no data element has as undefined, and names an unknown module", () => {
    const read = readerOf({ odd: module("core/src/lib/dataElements/customCode.js", {}) });
    expect(read("nothing")).toBeUndefined();
    expect(read("toString")).toBeUndefined();
    expect(() => read("odd")).toThrow(
      'data element "odd": unknown module core/src/lib/dataElements/customCode.js',
    );
  });
});
