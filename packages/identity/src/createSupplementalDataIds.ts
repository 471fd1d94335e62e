/**
 * Supplemental data IDs (SDID) that stitch one page hit across Analytics and Target: each
 * consumer gets the current SDID once; a consumer asking again starts the next hit, so it
 * gets a fresh SDID which later consumers then share. Shape: two 16-digit upper-case hex
 * halves joined by `-`.
 */
export interface SupplementalDataIds {
  get(consumerId: string, autoGenerate?: boolean): string;
  /** Adopts an SDID handed over by a server (`serverState`) or another page (`adobe_mc_sdid`). */
  adopt(sdid: string): void;
  reset(): void;
}

function mintSdid(): string {
  const words = crypto.getRandomValues(new Uint32Array(4));
  const hex = Array.from(words, (w) => w.toString(16).toUpperCase().padStart(8, "0"));
  return `${hex[0]}${hex[1]}-${hex[2]}${hex[3]}`;
}

export default function createSupplementalDataIds(): SupplementalDataIds {
  let current = "";
  let consumed: Record<string, true> = {};
  return {
    get(consumerId, autoGenerate = true) {
      if (current && consumed[consumerId]) {
        current = "";
        consumed = {};
      }
      if (!current && autoGenerate) current = mintSdid();
      if (current) consumed[consumerId] = true;
      return current;
    },
    adopt(sdid) {
      current = sdid;
      consumed = {};
    },
    reset() {
      current = "";
      consumed = {};
    },
  };
}
