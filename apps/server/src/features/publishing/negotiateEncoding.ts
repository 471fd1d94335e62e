import type { StoredCoding } from "./libraryEncodings.ts";

export type ChosenCoding = StoredCoding | "identity";

// Server preference among equally acceptable codings: brotli is the smaller copy.
const PREFERENCE: ChosenCoding[] = ["br", "gzip", "identity"];

// RFC 9110 §12.4.2: a qvalue is 0 to 1 with at most three decimals.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
// Below the smallest q-value a client can write (0.001), above refusal (0).
const IMPLIED_IDENTITY = 0.0001;

/**
 * Picks the content coding to answer with from a request's `Accept-Encoding` (RFC 9110
 * §12.5.3) and the codings stored for the file. The highest q-value wins, ties go to
 * PREFERENCE; `q=0` refuses a coding; `*` stands for every coding not named (identity
 * included); `x-gzip` is gzip (§8.4.1.3). Identity is acceptable unless refused by name or
 * by `*;q=0`. Without the header, or when nothing stored is acceptable (even identity
 * refused), the answer is identity: a library must still load, and a client that cannot
 * decode it gains nothing from a 406.
 */
export default function negotiateEncoding(
  header: string | undefined,
  stored: readonly StoredCoding[],
): ChosenCoding {
  if (header === undefined) return "identity";
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.split(";").map((s) => s.trim());
    if (token === "") continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=").map((s) => s.trim());
      if (key.toLowerCase() !== "q") continue;
      if (!QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    // An entry with an unreadable q-value says nothing dependable: it is left out.
    if (!valid) continue;
    const coding = token.toLowerCase() === "x-gzip" ? "gzip" : token.toLowerCase();
    // A coding named twice keeps its best q-value.
    named.set(coding, Math.max(q, named.get(coding) ?? 0));
  }
  const wildcard = named.get("*");
  // Identity not named is acceptable (§12.5.3) but ranks below every coding the client
  // named: `br;q=0.5` asks for brotli, not for the uncompressed file at an implied 1.
  const qOf = (coding: ChosenCoding): number =>
    named.get(coding) ?? wildcard ?? (coding === "identity" ? IMPLIED_IDENTITY : 0);
  let best: ChosenCoding = "identity";
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== "identity" && !stored.includes(coding)) continue;
    const q = qOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
