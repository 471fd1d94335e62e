import { REGISTER_BITS } from "./rollupSql.ts";

const M = 1 << REGISTER_BITS;
const ALPHA = 0.7213 / (1 + 1.079 / M);
const REST_MASK = 2 ** (32 - REGISTER_BITS) - 1;

/**
 * A HyperLogLog register set (Flajolet et al. 2007) that the rollup SQL fills: merging two
 * keeps each register's larger rank, so a set of periods merges into the sketch of their
 * union. While every merged sketch is a list of visitor hashes (small sets), it keeps the
 * hashes instead and counts them exactly.
 */
export class HyperLogLog {
  private readonly registers = new Uint8Array(M);
  private hashes: Set<number> | undefined = new Set();

  /** Adds a sketch as `rollupSql.ts` writes it: a hash list or sparse registers. */
  merge(sketch: Uint8Array): void {
    if (sketch.length % 2 === 1) {
      const view = new DataView(sketch.buffer, sketch.byteOffset, sketch.byteLength);
      for (let i = 1; i + 3 < sketch.length; i += 4) this.addHash(view.getUint32(i));
      return;
    }
    if (this.hashes) {
      for (const hash of this.hashes) this.addRegister(hash);
      this.hashes = undefined;
    }
    for (let i = 0; i + 1 < sketch.length; i += 2) {
      const value = (sketch[i]! << 8) | sketch[i + 1]!;
      this.raise(value >> 5, value & 31);
    }
  }

  private addHash(hash: number): void {
    if (this.hashes) this.hashes.add(hash);
    else this.addRegister(hash);
  }

  /** The register and rank of a hash, as rollupSql.ts computes them in SQL. */
  private addRegister(hash: number): void {
    const rest = (hash >>> REGISTER_BITS) & REST_MASK;
    const rank = rest === 0 ? 33 - REGISTER_BITS : 32 - REGISTER_BITS + 1 - (32 - Math.clz32(rest));
    this.raise(hash & (M - 1), rank);
  }

  private raise(register: number, rank: number): void {
    if (rank > this.registers[register]!) this.registers[register] = rank;
  }

  /**
   * The number of distinct visitors: exact while only hash lists were merged; else the
   * estimate, rounded, with linear counting (the empty registers) for small sets.
   */
  estimate(): number {
    if (this.hashes) return this.hashes.size;
    let sum = 0;
    let empty = 0;
    for (const rank of this.registers) {
      sum += 2 ** -rank;
      if (rank === 0) empty++;
    }
    const raw = (ALPHA * M * M) / sum;
    if (raw <= 2.5 * M && empty > 0) return Math.round(M * Math.log(M / empty));
    return Math.round(raw);
  }
}
