/**
 * Per-device GPU memory of the MSM: a buffer pool (buffers are reused across MSMs by usage and size class;
 * idle memory is capped) and the uniform parameter slots of a run. The pool lives in a `WeakMap` keyed by the
 * device, so a lost or dropped device takes its buffers with it. (Pipelines are cached with every other
 * program's, in `../pipelines.ts`.)
 * @module
 */
import { BufferUsage } from '../constants.js';

/** Size classes: powers of two up to 1 MiB, then steps of 1/8 of the enclosing power of two. */
export function sizeClass(bytes: number): number {
  const b = Math.max(256, Math.ceil(bytes / 4) * 4);
  const pow = 2 ** Math.ceil(Math.log2(b));
  if (pow <= 1 << 20) return pow;
  const step = pow / 16;
  return Math.ceil(b / step) * step;
}

/** A pool of buffers of one device. */
export class BufferPool {
  private readonly device: GPUDevice;
  private readonly free = new Map<string, GPUBuffer[]>();
  private idleBytes = 0;
  /** Idle memory kept for reuse; beyond it released buffers are destroyed. */
  maxIdleBytes = 512 * 1024 * 1024;

  constructor(device: GPUDevice) {
    this.device = device;
  }

  /**
   * A buffer of at least `bytes` bytes with exactly `usage`. Its content is undefined (reused buffers keep
   * old data); callers clear what they read before writing.
   */
  acquire(bytes: number, usage: number, label: string): GPUBuffer {
    // Rounding up never crosses the binding limit: a whole-buffer binding must stay bindable.
    const exact = Math.max(4, Math.ceil(bytes / 4) * 4);
    const size = Math.min(sizeClass(bytes), Math.max(exact, this.device.limits.maxStorageBufferBindingSize));
    const list = this.free.get(`${usage}/${size}`);
    const reused = list?.pop();
    if (reused) {
      this.idleBytes -= size;
      return reused;
    }
    return this.device.createBuffer({ size, usage, label });
  }

  /** Returns a buffer for reuse (it must not be mapped or still referenced by unsubmitted work). */
  release(buffer: GPUBuffer): void {
    if (this.idleBytes + buffer.size > this.maxIdleBytes) {
      buffer.destroy();
      return;
    }
    const key = `${buffer.usage}/${buffer.size}`;
    let list = this.free.get(key);
    if (!list) {
      list = [];
      this.free.set(key, list);
    }
    list.push(buffer);
    this.idleBytes += buffer.size;
  }

  /** Destroys every idle buffer. */
  trim(): void {
    for (const list of this.free.values()) for (const b of list) b.destroy();
    this.free.clear();
    this.idleBytes = 0;
  }

  /** Bytes held idle. */
  get idle(): number {
    return this.idleBytes;
  }
}

const pools = new WeakMap<GPUDevice, BufferPool>();

/** The buffer pool of a device. */
export function bufferPool(device: GPUDevice): BufferPool {
  let pool = pools.get(device);
  if (!pool) {
    pool = new BufferPool(device);
    pools.set(device, pool);
  }
  return pool;
}

/** Usage sets the pipeline uses. */
export const Usage = {
  storage: BufferUsage.STORAGE | BufferUsage.COPY_DST | BufferUsage.COPY_SRC,
  uniform: BufferUsage.UNIFORM | BufferUsage.COPY_DST,
  readback: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
} as const;

/** Uniform slot size (the WebGPU minimum uniform offset alignment is at most 256). */
export const PARAM_SLOT_BYTES = 256;

/**
 * Uniform parameter slots for one MSM run: each dispatch part gets its own 256-byte slot (written with
 * `queue.writeBuffer` before the submit that reads it), so many parts can share one command buffer.
 */
export class ParamArena {
  private readonly pool: BufferPool;
  private readonly device: GPUDevice;
  private readonly buffers: GPUBuffer[] = [];
  private used = 0;
  private readonly slotsPerBuffer = 256;

  constructor(device: GPUDevice, pool: BufferPool) {
    this.device = device;
    this.pool = pool;
  }

  /** Writes `values` into a fresh slot and returns its binding. */
  slot(values: Uint32Array): GPUBufferBinding {
    const index = this.used % this.slotsPerBuffer;
    if (index === 0) this.buffers.push(this.pool.acquire(this.slotsPerBuffer * PARAM_SLOT_BYTES, Usage.uniform, 'msm params'));
    const buffer = this.buffers[this.buffers.length - 1]!;
    this.used++;
    const offset = index * PARAM_SLOT_BYTES;
    this.device.queue.writeBuffer(buffer, offset, values.buffer, values.byteOffset, values.byteLength);
    return { buffer, offset, size: Math.max(16, Math.ceil(values.byteLength / 16) * 16) };
  }

  /** Returns the arena's buffers to the pool. */
  release(): void {
    for (const b of this.buffers) this.pool.release(b);
    this.buffers.length = 0;
  }
}
