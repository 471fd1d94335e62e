import { problems } from "./problems.ts";

// `fatal` makes a bad byte an error instead of U+FFFD: a body is stored as sent or refused,
// never quietly rewritten. `ignoreBOM` keeps a leading BOM in the text, so the text is
// exactly the bytes received (JSON.parse then refuses it, as before).
const options = { fatal: true, ignoreBOM: true };

/**
 * How many leading bytes hold no invalid sequence. Only asked once decoding has failed:
 * in stream mode a prefix decodes unless it holds a bad byte (an unfinished sequence at its
 * end waits for more), so the longest such prefix is found by bisection.
 */
function validPrefixLength(bytes: Uint8Array): number {
  let good = 0;
  let bad = bytes.length + 1;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    try {
      new TextDecoder("utf-8", options).decode(bytes.subarray(0, middle), { stream: true });
      good = middle;
    } catch {
      bad = middle;
    }
  }
  return good;
}

/**
 * A request body as text, refusing bytes that are not UTF-8 with a 400 naming the body and
 * the byte offset (RFC 8259 §8.1: JSON between systems is UTF-8). Content-type parsers
 * receive the raw bytes (`parseAs: "buffer"`) and call this; Fastify's own string parsing
 * would turn bad bytes into U+FFFD without a word.
 *
 * @example app.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_r, body, done) => {
 *   try { done(null, decodeUtf8Body(body as Buffer)); } catch (error) { done(error as Error); } })
 */
export default function decodeUtf8Body(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", options).decode(bytes);
  } catch {
    const at = validPrefixLength(bytes);
    throw problems.malformedJson(
      at < bytes.length
        ? `The request body is not valid UTF-8 (byte ${at}, 0x${bytes[at]!.toString(16).padStart(2, "0")}).`
        : "The request body is not valid UTF-8: it ends inside a multi-byte sequence.",
      { field: "body" },
    );
  }
}
