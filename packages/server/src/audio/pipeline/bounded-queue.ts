/** Bounded single-producer single-consumer queue: the decoding side runs ahead of recognition by at most `capacity` items. */
export class BoundedQueue<T> {
  private items: T[] = [];
  private closed = false;
  private error: unknown;
  private waitingConsumer: (() => void) | undefined;
  private waitingProducer: (() => void) | undefined;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Waits while the queue is full; throws once the queue was closed (the consumer gave up). */
  async push(item: T): Promise<void> {
    while (this.items.length >= this.capacity && !this.closed) {
      await new Promise<void>((r) => (this.waitingProducer = r));
    }
    if (this.closed) throw new Error('queue closed');
    this.items.push(item);
    this.waitingConsumer?.();
    this.waitingConsumer = undefined;
  }

  close(error?: unknown): void {
    this.closed = true;
    this.error = error;
    this.waitingConsumer?.();
    this.waitingConsumer = undefined;
    this.waitingProducer?.();
    this.waitingProducer = undefined;
  }

  /** Next item, or undefined once closed and drained (rethrows the producer's error). */
  async pull(): Promise<T | undefined> {
    for (;;) {
      if (this.items.length) {
        const item = this.items.shift()!;
        this.waitingProducer?.();
        this.waitingProducer = undefined;
        return item;
      }
      if (this.closed) {
        if (this.error !== undefined) throw this.error;
        return undefined;
      }
      await new Promise<void>((r) => (this.waitingConsumer = r));
    }
  }
}
