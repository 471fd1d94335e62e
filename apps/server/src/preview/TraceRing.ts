/**
 * The last `capacity` items pushed, oldest first. A fixed array with a moving start, so a
 * busy session pushing thousands of records never shifts or copies the ones it keeps.
 */
export class TraceRing<T> {
  private readonly slots: T[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  push(items: readonly T[]): void {
    for (const item of items) {
      if (this.slots.length < this.capacity) this.slots.push(item);
      else {
        this.slots[this.start] = item;
        this.start = (this.start + 1) % this.capacity;
      }
    }
  }

  items(): T[] {
    return [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
  }

  get size(): number {
    return this.slots.length;
  }
}
