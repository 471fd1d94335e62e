import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The content codings a served file is stored in besides its own bytes (identity). */
export type StoredCoding = "br" | "gzip";

/** A file's precompressed copies; null where compressing did not make it smaller. */
export interface LibraryEncodings {
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * How hard to compress. `smallest` (brotli quality 11, gzip level 9) for what every visitor
 * downloads: staging and production files, cached by browsers and CDNs. `fast` (brotli 5,
 * gzip 6) where a build is made often for few readers: development builds, and files an
 * upgrade compresses (migration 13), which their next publish replaces. Measured on
 * pc-marketing's 106 KB production library: quality 11 gives 27.1 KB in about 200 ms on an
 * idle core, quality 5 gives 29.4 KB in 3 ms; on 2 MB of script quality 11 takes seconds.
 */
export type EncodingEffort = "smallest" | "fast";

const EFFORT = {
  smallest: { brotli: constants.BROTLI_MAX_QUALITY, gzip: constants.Z_BEST_COMPRESSION },
  fast: { brotli: 5, gzip: constants.Z_DEFAULT_COMPRESSION },
} as const;

// Brotli's highest qualities cost time that grows faster than the body: 2.2 MB of a
// 2,000-rule property's library took 9–13 s at quality 11 (a publish must stay within
// seconds), 0.3 s at quality 5. Above this size a `smallest` body is compressed at
// LARGE_QUALITY instead; ordinary libraries (pc-marketing's is 106 KB) keep quality 11.
const LARGE_BODY = 512 * 1024;
const LARGE_QUALITY = 5;

/** The brotli quality for `body` at `effort`. */
export function brotliQuality(body: Buffer, effort: EncodingEffort): number {
  const quality = EFFORT[effort].brotli;
  return body.length > LARGE_BODY ? Math.min(quality, LARGE_QUALITY) : quality;
}

// Every served type is text (SERVED_FILE_TYPES: scripts, JSON, maps, CSS, SVG), so the text
// mode hint applies; the size hint lets the encoder pick its window for the whole body.
const brotliOptions = (body: Buffer, effort: EncodingEffort) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: brotliQuality(body, effort),
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A copy is kept only when it is smaller: a tiny file's headers can outweigh its savings. */
const smaller = (body: Buffer, encoded: Buffer): Buffer | null =>
  encoded.length < body.length ? encoded : null;

/**
 * Compresses a served file once, when it is published; requests only pick a stored copy.
 * Runs on libuv's thread pool, so the server keeps answering while a build is compressed.
 */
export async function encodeLibraryBody(
  body: Buffer,
  effort: EncodingEffort = "smallest",
): Promise<LibraryEncodings> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, brotliOptions(body, effort)),
    gzipAsync(body, { level: EFFORT[effort].gzip }),
  ]);
  return { br: smaller(body, br), gzip: smaller(body, gz) };
}

/**
 * The strong ETag of a coded representation: the identity ETag with the coding appended inside
 * the quotes (`"abc"` → `"abc-br"`). Each representation has its own validator (RFC 9110
 * §8.8.3: a strong validator changes with the content coding), so a cache holding the gzip
 * copy never revalidates it against the brotli one.
 */
export function encodedEtag(etag: string, coding: StoredCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}
