import type { CustomerId } from "./buildIdUrl.ts";

export type CustomerIdEntry = [code: string, value: CustomerId];

function check(ok: unknown, field: string, expected: string): void {
  if (!ok) throw new Error(`setCustomerIDs: "${field}" must be ${expected}.`);
}

/**
 * Validates `setCustomerIDs(ids, hashType)` input (spec §5): `{code: id}` or
 * `{code: {id, authState, hashType}}`, ids as strings or numbers, `authState` one of
 * `Visitor.AuthState` (0 unknown, 1 authenticated, 2 logged out; default 0), and the hash
 * type SHA-256 in any of the spellings 5.5.0 accepts (a per-ID hash type wins). Bad input
 * throws an error that names the field instead of being dropped silently.
 */
export default function toCustomerIds(ids: unknown, hashType?: unknown): CustomerIdEntry[] {
  check(ids && typeof ids === "object" && !Array.isArray(ids), "customerIDs", "an object");
  const sha = (value: unknown, field: string) => {
    check(value === undefined || /^sha-?256$/i.test(value as string), field, '"SHA-256" if given');
    return value;
  };
  sha(hashType, "hashType");
  return Object.entries(ids as object).map(([code, raw]): CustomerIdEntry => {
    const field = `customerIDs.${code}`;
    const value = (raw && typeof raw === "object" ? raw : { id: raw }) as Record<string, unknown>;
    const id = String((value.id as string) ?? "");
    const authState = value.authState ?? 0;
    check(
      /^(string|number)$/.test(typeof value.id) && id.trim(),
      `${field}.id`,
      "a non-empty string",
    );
    check(authState === 0 || authState === 1 || authState === 2, `${field}.authState`, "0, 1 or 2");
    return [
      code,
      sha(value.hashType ?? hashType, `${field}.hashType`)
        ? { id, authState, hashType: "SHA-256" }
        : { id, authState },
    ] as CustomerIdEntry;
  });
}
