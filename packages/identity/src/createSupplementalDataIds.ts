import toHex from "./toHex.ts";

/**
 * Supplemental data IDs (SDID) that stitch one page hit across Analytics and Target: each
 * consumer gets the current SDID once; a consumer asking again starts the next hit, so it
 * gets a fresh SDID which later consumers then share. Shape: two 16-digit upper-case hex
 * halves joined by `-`.
 */
export interface SupplementalDataIds {
  get(consumerId: string, autoGenerate?: boolean): string;
  /**
   * Adopts an SDID handed over by a server (`serverState`) or another page
   * (`adobe_mc_sdid`); no argument forgets the current one (`resetState`).
   */
  adopt(sdid?: string): void;
}

export default function createSupplementalDataIds(): SupplementalDataIds {
  let current = "";
  let consumed: Record<string, true> = {};
  const adopt = (sdid = "") => {
    current = sdid;
    consumed = {};
  };
  return {
    get(consumerId, autoGenerate = true) {
      if (consumed[consumerId]) adopt();
      if (!current && autoGenerate) {
        const hex = toHex(crypto.getRandomValues(new Uint32Array(4))).toUpperCase();
        current = `${hex.slice(0, 16)}-${hex.slice(16)}`;
      }
      if (current) consumed[consumerId] = true;
      return current;
    },
    adopt,
  };
}
