import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { maskSecrets, MissingSecretError, secretEscapeFor, substituteSecrets } from "./secrets.ts";
import { preparePlanned } from "./preparePlanned.ts";

const ref = (name: string) => `${SECRET_OPEN}${name}${SECRET_CLOSE}`;
const secrets = new Map([
  ["token", "s3cr3t+/=value"],
  ["short", "abc"],
]);

describe("substituteSecrets", () => {
  it("replaces every placeholder by its value", () => {
    expect(
      substituteSecrets(`Bearer ${ref("token")} ${ref("short")}${ref("token")}`, secrets),
    ).toBe("Bearer s3cr3t+/=value abcs3cr3t+/=value");
    expect(substituteSecrets("no secret here", secrets)).toBe("no secret here");
  });

  it("names the missing secret", () => {
    expect(() => substituteSecrets(`x ${ref("apiKey")}`, secrets)).toThrow(MissingSecretError);
    expect(() => substituteSecrets(`x ${ref("apiKey")}`, secrets)).toThrow(
      'secret "apiKey" is not set for this environment; nothing was sent',
    );
  });
});

describe("maskSecrets", () => {
  it("masks the value as sent, URL-encoded and JSON-escaped", () => {
    expect(maskSecrets('token=s3cr3t%2B%2F%3Dvalue {"t":"s3cr3t+/=value"} abc', secrets)).toBe(
      'token=•••• {"t":"••••"} ••••',
    );
    const quoted = new Map([["q", 'he said "hi"']]);
    expect(maskSecrets('{"v":"he said \\"hi\\""}', quoted)).toBe('{"v":"••••"}');
  });

  it("masks a secret that contains another whole", () => {
    const nested = new Map([
      ["a", "abc"],
      ["b", "xxabcxx"],
    ]);
    expect(maskSecrets("xxabcxx abc", nested)).toBe("•••• ••••");
  });
});

describe("secrets in bodies and headers", () => {
  const tricky = 'a"b&c=d+e\\';
  const secrets = new Map([["k", tricky]]);
  const placeholder = `${SECRET_OPEN}k${SECRET_CLOSE}`;

  it("JSON-escapes a secret inside a JSON body and form-encodes it in a form body", () => {
    const json = preparePlanned(
      {
        method: "POST",
        url: "https://hooks.example.com/",
        query: [],
        headers: [["Content-Type", "application/json"]],
        body: JSON.stringify({ token: placeholder }),
      },
      secrets,
    );
    if ("error" in json) throw new Error(json.error);
    expect(JSON.parse(json.body!.toString())).toEqual({ token: tricky });
    const form = preparePlanned(
      {
        method: "POST",
        url: "https://hooks.example.com/",
        query: [],
        headers: [["content-type", "application/x-www-form-urlencoded; charset=utf-8"]],
        body: `token=${placeholder}&x=1`,
      },
      secrets,
    );
    if ("error" in form) throw new Error(form.error);
    expect(Object.fromEntries(new URLSearchParams(form.body!.toString()))).toEqual({
      token: tricky,
      x: "1",
    });
    expect(secretEscapeFor("text/plain")(tricky)).toBe(tricky);
  });
});
