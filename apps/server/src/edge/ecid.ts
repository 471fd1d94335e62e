import { randomBytes } from "node:crypto";

/** An ECID as alloy and the Visitor API use it: 38 decimal digits. */
export const ECID_PATTERN = /^\d{38}$/;

/** Mints a new random 38-digit ECID (never starting with 0, so it keeps 38 digits). */
export default function mintEcid(): string {
  const bytes = randomBytes(38);
  let out = String(1 + (bytes[0]! % 9));
  for (let i = 1; i < 38; i++) out += String(bytes[i]! % 10);
  return out;
}
