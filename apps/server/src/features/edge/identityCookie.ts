/**
 * The `kndctr_<org>_identity` cookie value: base64 of a protobuf `Identity` message whose
 * field 1 (string) is the ECID. alloy decodes only field 1 (reference edge-protocol.md §3.4);
 * we write field 1 plus field 30 (write time, varint ms) and read field 1, skipping others.
 */

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

export function encodeIdentityCookie(ecid: string, writeTime = Date.now()): string {
  const id = Buffer.from(ecid, "utf8");
  // Field 30, wire type 0: tag = (30 << 3) | 0 = 240, a two-byte varint.
  const bytes = [0x0a, ...varint(id.length), ...id, ...varint(240), ...varint(writeTime)];
  return Buffer.from(bytes).toString("base64");
}

/** Returns the ECID, or undefined when the value is not a well-formed identity message. */
export function decodeIdentityCookie(value: string): string | undefined {
  // URL-safe variants are accepted, as alloy accepts them.
  const bytes = Buffer.from(value.replace(/_/g, "/").replace(/-/g, "+"), "base64");
  let pos = 0;
  const readVarint = (): number | undefined => {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = bytes[pos++];
      if (b === undefined) return undefined;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
    return undefined;
  };
  while (pos < bytes.length) {
    const tag = readVarint();
    if (tag === undefined) return undefined;
    const field = Math.floor(tag / 8);
    const wire = tag % 8;
    if (wire === 0) {
      if (readVarint() === undefined) return undefined;
    } else if (wire === 2) {
      const len = readVarint();
      if (len === undefined || pos + len > bytes.length) return undefined;
      if (field === 1) return bytes.subarray(pos, pos + len).toString("utf8");
      pos += len;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else return undefined;
  }
  return undefined;
}
