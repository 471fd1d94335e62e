/**
 * Turns whatever a rule component threw or rejected with into an Error (reference §3.3):
 * nothing → a fixed explanation; objects → their JSON; anything else → its string.
 */
export function normalizeError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  let text = "The extension triggered an error, but no error information was provided.";
  /* eslint-disable @typescript-eslint/no-base-to-string -- objects take the JSON branch;
     String() is only the fallback for the ones JSON cannot write (circular, BigInt) */
  try {
    if (reason) text = typeof reason === "object" ? JSON.stringify(reason) : String(reason);
  } catch {
    text = String(reason);
  }
  /* eslint-enable @typescript-eslint/no-base-to-string */
  return new Error(text);
}
