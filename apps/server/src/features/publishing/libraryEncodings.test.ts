import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliQuality, encodeLibraryBody } from "./libraryEncodings.ts";

describe("library encodings", () => {
  it("keeps brotli's highest quality for ordinary libraries and a fast one for large bodies", () => {
    const ordinary = Buffer.alloc(200 * 1024, "a");
    const large = Buffer.alloc(2 * 1024 * 1024, "a");
    expect(brotliQuality(ordinary, "smallest")).toBe(11);
    expect(brotliQuality(large, "smallest")).toBe(5);
    expect(brotliQuality(ordinary, "fast")).toBe(5);
  });

  it("compresses a large body to bytes that decode to it", async () => {
    const body = Buffer.from(
      Array.from({ length: 40_000 }, (_, i) => `window.__rule${i}=function(){return ${i}};`).join(
        "\n",
      ),
    );
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const { br, gzip } = await encodeLibraryBody(body, "smallest");
    expect(br!.length).toBeLessThan(body.length / 4);
    expect(gzip!.length).toBeLessThan(body.length / 4);
    expect(brotliDecompressSync(br!).equals(body)).toBe(true);
  });
});
