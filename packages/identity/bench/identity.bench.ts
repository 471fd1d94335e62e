/**
 * Figures for bench/RESULTS.md ("Identity"), printed, never asserted:
 * - the SHA-256 fallback (pages without SubtleCrypto) against node:crypto, per customer ID;
 * - reading and writing an AMCV cookie value.
 * Run: `npx tsx packages/identity/bench/identity.bench.ts` (bounded: fixed iteration counts).
 */
import { createHash } from "node:crypto";
import { parseAmcv, serializeAmcv } from "../src/amcvCookie.ts";
import sha256 from "../src/sha256.ts";

function time(label: string, runs: number, fn: (i: number) => unknown): void {
  for (let i = 0; i < Math.min(runs, 1000); i++) fn(i); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) fn(i);
  const ns = Number(process.hrtime.bigint() - started);
  console.log(`${label}: ${(ns / runs / 1000).toFixed(2)} µs per call (${runs} calls)`);
}

const encoder = new TextEncoder();
const ids = Array.from({ length: 1000 }, (_, i) => encoder.encode(`customer.${i}@example.com`));
time("sha256 fallback, 25-byte id", 20000, (i) => sha256(ids[i % 1000]!));
time("node:crypto sha256, same ids", 20000, (i) =>
  createHash("sha256")
    .update(ids[i % 1000]!)
    .digest("hex"),
);
const long = encoder.encode("x".repeat(1000));
time("sha256 fallback, 1,000-byte input", 2000, () => sha256(long));

const amcv =
  "179643557|MCIDTS|20779|MCMID|24953447368218163491367718262876436631|MCAAMLH-1795883652|9|" +
  "MCAAMB-1795883652|6G1ynYcLPuiQxYZrsz_pkqfLG9yMXBpb2zX5dvJdYQJzPXImdj0y|" +
  "MCOPTOUT-1795286052s|NONE|MCCIDH|-2046789284|vVersion|5.5.0";
time("parseAmcv + serializeAmcv", 50000, () =>
  serializeAmcv(parseAmcv(amcv, 1795278852, true), 179643557),
);
