/**
 * A fault of a rule's settings or of the event it met (a bad regular expression, a hashed
 * secret, a data element chain that comes back to itself). planEvent catches it per
 * condition and per action and writes its message into the rule's outcome: one rule's fault
 * never stops the others, nor the event's other rules.
 */
export class EngineError extends Error {
  /**
   * @param located the message already says which data element it came from (an inner one of
   *   a token chain, or the chain itself), so outer data elements pass it on unchanged.
   */
  constructor(
    message: string,
    readonly located = false,
  ) {
    super(message);
    this.name = "EngineError";
  }
}

/** Any thrown value as a sentence (engine faults as they are, anything else by its message). */
export function faultText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
