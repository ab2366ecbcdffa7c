/**
 * The page's state in the URL hash, so a link reproduces what the page shows.
 *
 *     #mode=quick&suites=fields,msm&fields.field=bn254_fp,stark_fp&msm.size=1024,4096&results=z…
 *
 * - `mode`: `quick` or `full`; `suites`: the chosen suite ids; `<suite>.<param>`: the chosen values of a
 *   suite's parameter (comma-separated; values never contain commas). Readable and editable by hand.
 * - `results` (optional): the shown results as a {@link BenchReport} — environment, date, selection and
 *   every result at full precision — as JSON, compressed with deflate-raw (`CompressionStream`) and
 *   base64url-encoded, prefixed `z`; or uncompressed, prefixed `j`, where `CompressionStream` is missing.
 *
 * A link never makes the page run anything: it shows the saved results, and Run measures afresh.
 * @module
 */
import type { BenchMode, BenchReport, BenchResult } from '../../bench/index.js';
import type { PartialSelection, Selection } from './picker.js';

/** What a hash holds. */
export interface HashState {
  readonly selection: PartialSelection;
  readonly report?: BenchReport;
  /** Why the `results` part could not be read (the rest still applies). */
  readonly problem?: string;
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer());
}

/**
 * JSON has no Infinity or NaN (`JSON.stringify` writes null): a report holds both (an MSM threshold of ∞, an
 * untimed case), so they travel as `{ "$number": "Infinity" }` and come back as numbers.
 */
const NON_FINITE = '$number';
const keepNonFinite = (_key: string, v: unknown): unknown => (typeof v === 'number' && !Number.isFinite(v) ? { [NON_FINITE]: String(v) } : v);
const restoreNonFinite = (_key: string, v: unknown): unknown => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const n = (v as Record<string, unknown>)[NON_FINITE];
  return keys.length === 1 && (n === 'Infinity' || n === '-Infinity' || n === 'NaN') ? Number(n) : v;
};

/** Encodes a report for the `results` parameter. */
export async function encodeReport(report: BenchReport): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(report, keepNonFinite));
  if (typeof CompressionStream !== 'function') return `j${toBase64Url(json)}`;
  return `z${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

/**
 * Decodes the `results` parameter, checking its shape (a link can be edited by anyone).
 * @throws {Error} saying what is wrong
 */
export async function decodeReport(text: string): Promise<BenchReport> {
  const kind = text[0];
  let bytes = fromBase64Url(text.slice(1));
  if (kind === 'z') {
    if (typeof DecompressionStream !== 'function') throw new Error('this browser cannot decompress it (no DecompressionStream)');
    bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
  } else if (kind !== 'j') throw new Error('unknown encoding');
  const r: unknown = JSON.parse(new TextDecoder().decode(bytes), restoreNonFinite);
  if (!isObj(r) || !isStr(r['version']) || !isStr(r['runtime']) || !isStr(r['date']) || !isObj(r['info']) || !Array.isArray(r['results']) || !Array.isArray(r['selection']))
    throw new Error('it is not a benchmark report');
  if (r['mode'] !== 'quick' && r['mode'] !== 'full') throw new Error('unknown run length');
  const info = r['info'];
  if (typeof info['workers'] !== 'number' || !isObj(info['gpu']) || typeof info['gpu']['available'] !== 'boolean')
    throw new Error('its description of the machine is malformed');
  if (info['gpu']['available'] === true && !isObj(info['gpu']['adapter'])) throw new Error('its GPU description is malformed');
  const results = r['results'].map((x: unknown): BenchResult => {
    if (!isObj(x) || ![x['suite'], x['subject'], x['op'], x['impl']].every(isStr) || typeof x['ok'] !== 'boolean') throw new Error('a result is malformed');
    // JSON wrote NaN (not timed) as null.
    const ns = typeof x['nsPerOp'] === 'number' ? x['nsPerOp'] : NaN;
    return {
      suite: x['suite'] as string,
      subject: x['subject'] as string,
      op: x['op'] as string,
      impl: x['impl'] as string,
      ok: x['ok'],
      nsPerOp: ns,
      opsPerSec: typeof x['opsPerSec'] === 'number' ? x['opsPerSec'] : NaN,
      ...(isStr(x['error']) ? { error: x['error'] } : {}),
      ...(isStr(x['skipped']) ? { skipped: x['skipped'] } : {}),
    };
  });
  for (const s of r['selection']) if (!isObj(s) || !isStr(s['suite']) || !isObj(s['params'])) throw new Error('its selection is malformed');
  return { ...(r as unknown as BenchReport), results };
}

/** The hash for a selection and, optionally, the results shown. */
export async function writeHash(selection: Selection, report?: BenchReport): Promise<string> {
  const q = new URLSearchParams();
  q.set('mode', selection.mode);
  q.set('suites', selection.suites.map((s) => s.suite).join(','));
  for (const s of selection.suites) for (const [id, values] of Object.entries(s.params)) q.set(`${s.suite}.${id}`, values.join(','));
  if (report) q.set('results', await encodeReport(report));
  // URLSearchParams escapes commas; they are safe in a fragment and easier to read bare.
  return `#${q.toString().replace(/%2C/gi, ',')}`;
}

/** Reads a hash written by {@link writeHash} (or by hand). Never throws. */
export async function readHash(hash: string): Promise<HashState> {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const mode = q.get('mode');
  const suites = q.get('suites');
  const selection: PartialSelection = {
    mode: mode === 'quick' || mode === 'full' ? (mode as BenchMode) : undefined,
    suites:
      suites === null
        ? undefined
        : suites
            .split(',')
            .filter(Boolean)
            .map((suite) => {
              const params: Record<string, string[]> = {};
              for (const [k, v] of q) if (k.startsWith(`${suite}.`)) params[k.slice(suite.length + 1)] = v.split(',').filter(Boolean);
              return { suite, params };
            }),
  };
  const results = q.get('results');
  if (!results) return { selection };
  try {
    return { selection, report: await decodeReport(results) };
  } catch (e) {
    return { selection, problem: `the results in this link could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}
