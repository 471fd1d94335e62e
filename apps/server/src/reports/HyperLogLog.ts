import { REGISTER_BITS } from "./rollupSql.ts";

const M = 1 << REGISTER_BITS;
const ALPHA = 0.7213 / (1 + 1.079 / M);

/**
 * A HyperLogLog register set (Flajolet et al. 2007) that the rollup SQL fills: merging two
 * keeps each register's larger rank, so a set of days merges into the sketch of their union.
 */
export class HyperLogLog {
  private readonly registers = new Uint8Array(M);

  /** Adds a sparse sketch as `rollupSql.ts` writes it (register * 32 + rank, 2 bytes each). */
  merge(sketch: Uint8Array): void {
    for (let i = 0; i + 1 < sketch.length; i += 2) {
      const value = (sketch[i]! << 8) | sketch[i + 1]!;
      const register = value >> 5;
      const rank = value & 31;
      if (rank > this.registers[register]!) this.registers[register] = rank;
    }
  }

  /**
   * The estimated number of distinct visitors, rounded. Small sets use linear counting (the
   * empty registers), which is exact after rounding unless two visitors share a register.
   */
  estimate(): number {
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
