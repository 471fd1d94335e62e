import { ValidationError } from "@liftoff/schema";

export interface TcConsent {
  /** Purpose ids (1–24) the user consented to. */
  purposes: Set<number>;
  /** Whether a vendor id has consent. */
  vendorConsent(vendorId: number): boolean;
}

/**
 * Reads the core segment of an IAB TCF 2.x TC string (the part before the first "."): the
 * purpose consents and the vendor consent section, laid out as in the IAB "TC String
 * Format" specification, core segment table. Throws a ValidationError naming `field` when
 * the string is not a decodable v2 core segment.
 */
export default function decodeTcString(tc: string, field: string): TcConsent {
  const core = tc.split(".")[0] ?? "";
  if (!/^[A-Za-z0-9_-]+$/.test(core))
    throw new ValidationError(field, "expected a base64url TC string");
  const bytes = Buffer.from(core, "base64url");
  const bits = bytes.length * 8;
  let pos = 0;
  const read = (n: number): number => {
    if (pos + n > bits) throw new ValidationError(field, "TC string is truncated");
    let v = 0;
    for (let i = 0; i < n; i++) {
      const bit = (bytes[(pos + i) >> 3]! >> (7 - ((pos + i) & 7))) & 1;
      v = v * 2 + bit;
    }
    pos += n;
    return v;
  };
  const version = read(6);
  if (version !== 2) throw new ValidationError(field, `TC string version ${version} is not 2`);
  // Created 36, LastUpdated 36, CmpId 12, CmpVersion 12, ConsentScreen 6, ConsentLanguage 12,
  // VendorListVersion 12, TcfPolicyVersion 6, IsServiceSpecific 1, UseNonStandardTexts 1,
  // SpecialFeatureOptIns 12.
  pos += 36 + 36 + 12 + 12 + 6 + 12 + 12 + 6 + 1 + 1 + 12;
  const purposes = new Set<number>();
  for (let p = 1; p <= 24; p++) if (read(1)) purposes.add(p);
  pos += 24 + 1 + 12; // PurposesLITransparency, PurposeOneTreatment, PublisherCC
  const maxVendorId = read(16);
  const isRange = read(1) === 1;
  const consented = new Set<number>();
  const ranges: [number, number][] = [];
  if (isRange) {
    const entries = read(12);
    for (let i = 0; i < entries; i++) {
      const isARange = read(1) === 1;
      const start = read(16);
      const end = isARange ? read(16) : start;
      ranges.push([start, end]);
    }
  } else {
    for (let v = 1; v <= maxVendorId; v++) if (read(1)) consented.add(v);
  }
  return {
    purposes,
    vendorConsent: (id) => consented.has(id) || ranges.some(([s, e]) => id >= s && id <= e),
  };
}
