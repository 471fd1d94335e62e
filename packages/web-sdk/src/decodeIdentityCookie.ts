/**
 * The ECID inside a `kndctr_<org>_identity` cookie: base64 (URL-safe alphabet accepted) of
 * a protobuf message whose field 1 is the ECID string (edge-protocol.md §3.4). Returns
 * `undefined` for anything that does not decode, so a damaged cookie is just "no identity".
 */
export default function decodeIdentityCookie(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let bytes: string;
  try {
    bytes = atob(value.replace(/_/g, "/").replace(/-/g, "+"));
  } catch {
    return undefined;
  }
  let i = 0;
  const varint = () => {
    let result = 0;
    for (let shift = 0; i < bytes.length && shift < 35; shift += 7) {
      const b = bytes.charCodeAt(i++);
      result += (b & 127) * 2 ** shift;
      if (b < 128) return result;
    }
    return -1; // truncated or oversized
  };
  while (i < bytes.length) {
    const tag = varint();
    const wireType = tag & 7;
    if (tag < 0) return undefined;
    if (wireType === 0) {
      if (varint() < 0) return undefined;
    } else if (wireType === 2) {
      const length = varint();
      if (length < 0 || i + length > bytes.length) return undefined;
      if (tag >> 3 === 1) return bytes.slice(i, i + length);
      i += length;
    } else if (wireType === 1 || wireType === 5) {
      i += wireType === 1 ? 8 : 4;
    } else {
      return undefined;
    }
  }
  return undefined;
}
