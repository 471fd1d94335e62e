import { describe, expect, it } from "vitest";
import type { StoredCoding } from "./libraryEncodings.ts";
import negotiateEncoding from "./negotiateEncoding.ts";

const BOTH: StoredCoding[] = ["br", "gzip"];

// [Accept-Encoding, codings stored, expected answer]
const table: Array<[string | undefined, StoredCoding[], string]> = [
  // No header: identity (a client that says nothing may not decode anything).
  [undefined, BOTH, "identity"],
  ["", BOTH, "identity"],
  ["identity", BOTH, "identity"],
  // What browsers send: brotli preferred on a tie.
  ["gzip, deflate, br, zstd", BOTH, "br"],
  ["gzip, deflate", BOTH, "gzip"],
  ["br", BOTH, "br"],
  ["BR", BOTH, "br"],
  ["x-gzip", BOTH, "gzip"],
  // q-values rank them.
  ["br;q=0.5, gzip;q=0.8", BOTH, "gzip"],
  ["br;q=1.0, gzip;q=0.999", BOTH, "br"],
  ["gzip ; q=0.3 , br ; q=0.2", BOTH, "gzip"],
  ["gzip;q=0.5, identity", BOTH, "identity"],
  // q=0 refuses.
  ["br;q=0, gzip", BOTH, "gzip"],
  ["br;q=0.000, gzip;q=0", BOTH, "identity"],
  // `*` stands for every coding not named, identity too.
  ["*", BOTH, "br"],
  ["*;q=0.5, br;q=0", BOTH, "gzip"],
  ["gzip;q=0.4, *;q=0.5", BOTH, "br"],
  ["*;q=0, gzip", BOTH, "gzip"],
  // Nothing acceptable, identity refused too: identity all the same.
  ["*;q=0", BOTH, "identity"],
  ["identity;q=0, deflate", BOTH, "identity"],
  // Only stored copies are offered (a tiny file keeps none).
  ["br, gzip", ["gzip"], "gzip"],
  ["br", ["gzip"], "identity"],
  ["br, gzip", [], "identity"],
  ["*", [], "identity"],
  // An unreadable q-value leaves its entry out; unknown codings are ignored.
  ["br;q=2, gzip", BOTH, "gzip"],
  ["br;q=abc", BOTH, "identity"],
  ["compress, deflate", BOTH, "identity"],
  ["br;level=5", BOTH, "br"],
  // A coding named twice keeps its best q-value.
  ["br;q=0, br;q=0.5, gzip;q=0.4", BOTH, "br"],
];

describe("negotiateEncoding (RFC 9110 §12.5.3)", () => {
  it.each(table)("Accept-Encoding %j with %j stored → %s", (header, stored, expected) => {
    expect(negotiateEncoding(header, stored)).toBe(expected);
  });
});
