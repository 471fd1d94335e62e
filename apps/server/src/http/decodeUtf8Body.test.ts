import { describe, expect, it } from "vitest";
import decodeUtf8Body from "./decodeUtf8Body.ts";
import { HttpError } from "./HttpError.ts";

const refusal = (bytes: number[]) => {
  try {
    decodeUtf8Body(Uint8Array.from(bytes));
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected a refusal");
};

describe("decodeUtf8Body", () => {
  it("returns the text as sent, BOM and all", () => {
    const text = '\ufeff{"s":"é ☃ 𝄞"}';
    expect(decodeUtf8Body(Buffer.from(text))).toBe(text);
  });

  it.each([
    ["a lone 0xff", [0x61, 0xff, 0x62], 1],
    ["a continuation byte without a lead", [0x61, 0x62, 0x80], 2],
    ["a lead byte followed by ASCII", [0xe2, 0x28, 0xa1], 1],
    ["an encoded surrogate", [0x22, 0xed, 0xa0, 0x80], 2],
    ["an overlong encoding of '/'", [0xc0, 0xaf], 0],
  ])("refuses %s, naming the byte", (_name, bytes, at) => {
    const error = refusal(bytes);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.field).toBe("body");
    expect(error.message).toContain(`(byte ${at}, 0x${bytes[at]!.toString(16)})`);
  });

  it("refuses a body that ends inside a sequence", () => {
    const error = refusal([0x61, 0xe2, 0x82]);
    expect(error.status).toBe(400);
    expect(error.message).toContain("ends inside a multi-byte sequence");
  });
});
