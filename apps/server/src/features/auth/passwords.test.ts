import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("passwords", () => {
  it("hashes with scrypt and a fresh salt, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", a)).toBe(false);
  });

  it("treats composed and decomposed Unicode as the same password", async () => {
    const hash = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword("cafe\u0301 au lait", hash)).toBe(true);
  });

  it("never matches a malformed stored hash", async () => {
    for (const stored of ["", "plain", "bcrypt$1$2$3$x$y", "scrypt$32768$8$1$$"])
      expect(await verifyPassword("anything", stored)).toBe(false);
  });
});
