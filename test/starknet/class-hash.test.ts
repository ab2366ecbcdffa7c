/**
 * Class hashes: every contract in the vectors with its expected hashes (cairo-lang's, SOURCES.md §8, and the
 * Cairo 0 artifacts in test/starknet/vectors/cairo0, see its README), starknet.js 10.8's `hash.*` functions on the
 * same contracts and on seeded random classes, and the input rules.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { hash as snHash, json as snJson } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type CompiledClass, type SierraContractClass, type StarknetApi, type StarknetEngine } from 'webcurves/starknet';
import { P } from './helpers.js';

const SEED = 0xc1a55;
const RUNS = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 12);
const VECTORS = '../shared/vectors';
const RS = `${VECTORS}/xJonathanLEI_starknet-rs/contracts`;
const JS = `${VECTORS}/starknet-io_starknet.js`;
const CAIRO0 = 'test/starknet/vectors/cairo0';

let wc: StarknetEngine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ curves: ['stark'], workers: 0 });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

const text = (path: string): string => readFileSync(path, 'utf8');
const cairo0 = (name: string): string => gunzipSync(readFileSync(`${CAIRO0}/${name}.json.gz`)).toString('utf8');
const cairo0Hashes = (name: string): { class_hash: string; hinted_class_hash: string } => JSON.parse(text(`${CAIRO0}/${name}.hashes.json`));

const LEGACY = ['deployable', 'emoji', 'event_example', 'oz_account', 'pre-0.10.0_braavos_proxy', 'pre-0.11.0_event_example', 'pre-0.11.0_oz_account'];

function code(f: () => unknown): [string, string] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(WebcurvesError);
    return [(e as WebcurvesError).code, (e as Error).message];
  }
  throw new Error('did not throw');
}

describe('Cairo 0 (legacy) class hashes: cairo-lang’s, on starknet-rs’s artifacts', () => {
  for (const name of LEGACY) {
    it(name, () => {
      const want = cairo0Hashes(name);
      const t = cairo0(name);
      expect(sn.computeLegacyContractClassHash(t)).toBe(BigInt(want.class_hash));
      expect(sn.computeHintedClassHash(t)).toBe(BigInt(want.hinted_class_hash));
      // starknet.js's lossless parse (bigints for large integers) gives the same as the text
      expect(sn.computeLegacyContractClassHash(snJson.parse(t) as never)).toBe(BigInt(want.class_hash));
    });
  }

  it('agrees with starknet.js where starknet.js follows cairo-lang, and differs from it where it does not', () => {
    // starknet.js is right for these (ASCII text, compiler ≥ 0.10)
    for (const name of ['deployable', 'pre-0.11.0_event_example']) {
      const t = cairo0(name);
      expect(sn.computeLegacyContractClassHash(t)).toBe(BigInt(snHash.computeLegacyContractClassHash(t)));
    }
    // emoji.cairo has non-ASCII text (Python escapes it), braavos_proxy predates 0.10 ("(a : felt)"):
    // starknet.js's hash is not the network's for them, ours is
    for (const name of ['emoji', 'pre-0.10.0_braavos_proxy']) {
      const t = cairo0(name);
      const theirs = BigInt(snHash.computeLegacyContractClassHash(t));
      expect(theirs).not.toBe(BigInt(cairo0Hashes(name).class_hash));
      expect(sn.computeLegacyContractClassHash(t)).toBe(BigInt(cairo0Hashes(name).class_hash));
    }
  });

  it('refuses an object whose large integers JSON.parse has rounded (instead of hashing them wrong)', () => {
    const [c, m] = code(() => sn.computeLegacyContractClassHash(JSON.parse(cairo0('deployable'))));
    expect(c).toBe('INVALID_ARGUMENT');
    expect(m).toMatch(/^contract\.program\.identifiers\..* is -1\.0671\d*e\+59, not a safe integer .*pass the contract as its JSON text/);
  });

  it('seeded random programs (data, entry points, builtins) against starknet.js', () => {
    const base = snJson.parse(cairo0('deployable')) as { program: { data: string[]; builtins: string[] }; entry_points_by_type: Record<string, { selector: string; offset: number }[]> };
    const felt = fc.bigInt({ min: 0n, max: P - 1n }).map((x) => '0x' + x.toString(16));
    fc.assert(
      fc.property(
        fc.array(felt, { minLength: 1, maxLength: 40 }),
        fc.subarray(['pedersen', 'range_check', 'ecdsa', 'bitwise']),
        fc.array(fc.tuple(felt, fc.nat()), { maxLength: 4 }),
        (data, builtins, eps) => {
          const c = {
            ...base,
            program: { ...base.program, data, builtins },
            entry_points_by_type: { EXTERNAL: eps.map(([selector, o]) => ({ selector, offset: o % data.length })), L1_HANDLER: [], CONSTRUCTOR: base.entry_points_by_type.CONSTRUCTOR!.slice(0, 0) },
          };
          const t = snJson.stringify(c);
          expect(sn.computeLegacyContractClassHash(t)).toBe(BigInt(snHash.computeLegacyContractClassHash(t)));
        },
      ),
      { seed: SEED, numRuns: 4 },
    );
  });
});

interface Pair {
  readonly name: string;
  readonly sierra: string;
  readonly casm: string;
  readonly sierraHash: string;
  readonly compiledHash: string;
}

const RS_PAIRS: Pair[] = ['cairo1/abi_types', 'cairo2/abi_types', 'cairo2.6/trivial', 'cairo2.6/erc20'].map((p) => {
  const h = JSON.parse(text(`${RS}/${p}.hashes.json`)) as { sierra_class_hash: string; compiled_class_hash: string };
  return { name: p, sierra: text(`${RS}/${p}_sierra.txt`), casm: text(`${RS}/${p}_compiled.txt`), sierraHash: h.sierra_class_hash, compiledHash: h.compiled_class_hash };
});

describe('Sierra and compiled (CASM) class hashes', () => {
  for (const p of RS_PAIRS) {
    it(`${p.name}: cairo-lang's hashes (starknet-rs), from text and from objects, and starknet.js's`, () => {
      const sierra = JSON.parse(p.sierra) as SierraContractClass;
      const casm = JSON.parse(p.casm) as CompiledClass;
      expect(sn.computeSierraContractClassHash(p.sierra)).toBe(BigInt(p.sierraHash));
      expect(sn.computeSierraContractClassHash(sierra)).toBe(BigInt(p.sierraHash));
      expect(sn.computeCompiledClassHash(p.casm, '0.13.1')).toBe(BigInt(p.compiledHash));
      expect(sn.computeCompiledClassHash(casm, '0.14.0')).toBe(BigInt(p.compiledHash));
      expect(BigInt(snHash.computeSierraContractClassHash(sierra as never))).toBe(BigInt(p.sierraHash));
      // BLAKE2s (Starknet ≥ 0.14.1, the default): starknet.js's is the reference (no cairo-lang value in the vectors)
      const blake = sn.computeCompiledClassHash(casm);
      expect(blake).toBe(BigInt(snHash.computeCompiledClassHash(casm as never)));
      expect(sn.computeCompiledClassHash(casm, '0.14.1')).toBe(blake);
      expect(sn.computeCompiledClassHash(casm, '0.15.0')).toBe(blake);
      if (p.name !== 'cairo2.6/trivial') expect(blake).not.toBe(BigInt(p.compiledHash));
    });
  }

  it("starknet.js's inline vectors (hash.casm, hello260.casm, hash.sierra.json)", () => {
    const inline = JSON.parse(text(`${JS}/starknet.js_inline_test_vectors.json`)) as { class_hash: { casm?: string; sierra?: string; expected: string }[] };
    expect(inline.class_hash).toHaveLength(3);
    for (const v of inline.class_hash) {
      if (v.casm) {
        const t = text(`${JS}/${v.casm}`);
        expect(sn.computeCompiledClassHash(t, '0.13.1')).toBe(BigInt(v.expected));
        expect(sn.computeCompiledClassHash(t)).toBe(BigInt(snHash.computeCompiledClassHash(JSON.parse(t))));
      } else expect(sn.computeSierraContractClassHash(text(`${JS}/${v.sierra!}`))).toBe(BigInt(v.expected));
    }
  });

  it('an ABI given as a string (as RPC returns it) is hashed as it is', () => {
    const s = JSON.parse(RS_PAIRS[1]!.sierra) as SierraContractClass & { abi: unknown[] };
    // Python's json.dumps spacing is what the compiler-output ABI is hashed as
    const spaced = JSON.stringify(s.abi).replace(/("(?:[^"\\]|\\.)*")|([:,])/g, (_m, str: string | undefined, sep: string) => str ?? sep + ' ');
    expect(sn.computeSierraContractClassHash({ ...s, abi: spaced })).toBe(BigInt(RS_PAIRS[1]!.sierraHash));
    expect(sn.computeSierraContractClassHash({ ...s, abi: JSON.stringify(s.abi) })).not.toBe(BigInt(RS_PAIRS[1]!.sierraHash));
  });

  const felt = fc.bigInt({ min: 0n, max: P - 1n }).map((x) => '0x' + x.toString(16));
  const builtins = fc.subarray(['pedersen', 'range_check', 'bitwise', 'poseidon', 'ec_op', 'segment_arena', 'gas']);
  const casmEp = fc.record({ selector: felt, offset: fc.nat({ max: 5000 }), builtins });
  const eps = <T>(ep: fc.Arbitrary<T>) => fc.record({ EXTERNAL: fc.array(ep, { maxLength: 4 }), L1_HANDLER: fc.array(ep, { maxLength: 2 }), CONSTRUCTOR: fc.array(ep, { maxLength: 1 }) });
  /** Flat segment lengths over a bytecode of n felts. */
  const flatSegments = (n: number) => fc.array(fc.nat({ max: 6 }), { maxLength: 6 }).map((cuts) => {
    const out: number[] = [];
    let left = n;
    for (const c of cuts) {
      const k = Math.min(c, left);
      out.push(k);
      left -= k;
    }
    out.push(left);
    return out;
  });

  it('seeded random compiled classes against starknet.js (Poseidon with flat segments, BLAKE2s with nested ones)', () => {
    fc.assert(
      fc.property(
        fc.array(felt, { maxLength: 40 }).chain((bytecode) => fc.tuple(fc.constant(bytecode), flatSegments(bytecode.length), fc.boolean(), fc.boolean())),
        eps(casmEp),
        ([bytecode, segments, useSegments, nest], entry_points_by_type) => {
          const flat: CompiledClass = { bytecode, entry_points_by_type, ...(useSegments ? { bytecode_segment_lengths: segments } : {}) };
          expect(sn.computeCompiledClassHash(flat, '0.13.1')).toBe(BigInt(snHash.computeCompiledClassHash(flat as never, '0.13.1')));
          expect(sn.computeCompiledClassHash(flat)).toBe(BigInt(snHash.computeCompiledClassHash(flat as never)));
          if (nest && segments.length >= 2) {
            const nested: CompiledClass = { ...flat, bytecode_segment_lengths: [segments[0]!, segments.slice(1), [[]]] };
            expect(sn.computeCompiledClassHash(nested)).toBe(BigInt(snHash.computeCompiledClassHash(nested as never)));
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('seeded random Sierra classes against starknet.js', () => {
    const sierraEp = fc.record({ selector: felt, function_idx: fc.nat({ max: 300 }) });
    const abiText = fc.stringMatching(/^[A-Za-z0-9_:,{}\[\] ()<>*-]{0,16}$/);
    const abiEntry = fc.record({ type: fc.constantFrom('function', 'struct', 'event', 'interface'), name: abiText, inputs: fc.array(fc.record({ name: abiText, type: abiText }), { maxLength: 3 }), state_mutability: fc.constantFrom('view', 'external') });
    fc.assert(
      fc.property(fc.array(felt, { maxLength: 60 }), eps(sierraEp), fc.array(abiEntry, { maxLength: 4 }), (sierra_program, entry_points_by_type, abi) => {
        const c: SierraContractClass = { sierra_program, contract_class_version: '0.1.0', entry_points_by_type, abi };
        expect(sn.computeSierraContractClassHash(c)).toBe(BigInt(snHash.computeSierraContractClassHash(c as never)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('class hash input rules', () => {
  const casm = JSON.parse(RS_PAIRS[3]!.casm) as { bytecode: string[]; bytecode_segment_lengths: number[]; entry_points_by_type: Record<string, unknown[]> };
  const sierra = JSON.parse(RS_PAIRS[3]!.sierra) as { sierra_program: string[]; entry_points_by_type: Record<string, { selector: string; function_idx: number }[]>; abi: unknown };

  it('names the missing or malformed field', () => {
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode: undefined } as never))).toEqual(['INVALID_ARGUMENT', 'bytecode is missing']);
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode: [...casm.bytecode.slice(0, 3), '0xzz'] } as never))[1]).toMatch(/^bytecode\[3\] must be a felt/);
    expect(code(() => sn.computeCompiledClassHash({ ...casm, entry_points_by_type: { EXTERNAL: [], L1_HANDLER: [] } } as never))).toEqual(['INVALID_ARGUMENT', 'entry_points_by_type.CONSTRUCTOR is missing']);
    const badEp = { ...casm.entry_points_by_type, EXTERNAL: [{ selector: '0x1', offset: -1, builtins: [] }] };
    expect(code(() => sn.computeCompiledClassHash({ ...casm, entry_points_by_type: badEp } as never))[1]).toMatch(/^entry_points_by_type\.EXTERNAL\[0\]\.offset must be a non-negative integer/);
    const badBuiltin = { ...casm.entry_points_by_type, EXTERNAL: [{ selector: '0x1', offset: 1, builtins: ['x'.repeat(32)] }] };
    expect(code(() => sn.computeCompiledClassHash({ ...casm, entry_points_by_type: badBuiltin } as never))[1]).toMatch(/^entry_points_by_type\.EXTERNAL\[0\]\.builtins\[0\] must be a short string/);
    const noBuiltins = { ...casm.entry_points_by_type, EXTERNAL: [{ selector: '0x1', offset: '0x10' }] };
    expect(code(() => sn.computeCompiledClassHash({ ...casm, entry_points_by_type: noBuiltins } as never))).toEqual(['INVALID_ARGUMENT', 'entry_points_by_type.EXTERNAL[0].builtins is missing']);
    const badIdx = { ...sierra.entry_points_by_type, L1_HANDLER: [{ selector: '0x1', function_idx: 'one' }] };
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, entry_points_by_type: badIdx } as never))[1]).toMatch(/^entry_points_by_type\.L1_HANDLER\[0\]\.function_idx/);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, abi: undefined } as never))).toEqual(['INVALID_ARGUMENT', 'abi is missing']);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, abi: 5 } as never))[1]).toMatch(/^abi must be an array or a string/);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, abi: [{ n: 1.5 }] } as never))[1]).toMatch(/^abi\[0\]\.n is 1\.5, not a safe integer/);
    expect(code(() => sn.computeSierraContractClassHash('{"sierra_program": [')) [0]).toBe('INVALID_ENCODING');
    expect(code(() => sn.computeCompiledClassHash(casm as never, 'latest'))[1]).toMatch(/^starknetVersion/);
  });

  it('refuses cycles and pathological nesting with a typed error, not a stack overflow', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, abi: cyclic } as never))[1]).toMatch(/nested more than 512 deep/);
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode_segment_lengths: cyclic } as never))[1]).toMatch(/nested more than 64 deep/);
    expect(code(() => sn.computeLegacyContractClassHash('['.repeat(2000) + ']'.repeat(2000)))).toEqual(['INVALID_ENCODING', expect.stringMatching(/nesting too deep/) as unknown as string]);
  });

  it('refuses felts ≥ p and segment lengths that do not cover the bytecode', () => {
    const pHex = '0x' + P.toString(16);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, sierra_program: ['0x1', pHex] } as never))).toEqual(['NOT_IN_FIELD', 'sierra_program[1] is not in [0, p)']);
    expect(code(() => sn.computeSierraContractClassHash({ ...sierra, sierra_program: ['0x1' + '0'.repeat(64)] } as never))[0]).toBe('NOT_IN_FIELD');
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode: [(P - 1n).toString(), P.toString()] } as never, '0.13.1'))).toEqual(['NOT_IN_FIELD', 'bytecode[1] is not in [0, p)']);
    // leading zeros are fine
    expect(sn.computeCompiledClassHash({ ...casm, bytecode: ['0x' + '0'.repeat(70) + '5'], bytecode_segment_lengths: [1] } as never, '0.13.1')).toBe(
      sn.computeCompiledClassHash({ ...casm, bytecode: ['0x5'], bytecode_segment_lengths: [1] } as never, '0.13.1'),
    );
    const total = casm.bytecode.length;
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode_segment_lengths: [total - 1] } as never))[1]).toMatch(/add up to \d+, not the bytecode's/);
    expect(code(() => sn.computeCompiledClassHash({ ...casm, bytecode_segment_lengths: [total, 1] } as never))[1]).toMatch(/add up to more than/);
  });

  it('legacy: entry point outside the program, compressed program, non-integer numbers, bad JSON', () => {
    const t = snJson.parse(cairo0('deployable')) as { program: { data: string[] }; entry_points_by_type: Record<string, { selector: string; offset: number }[]> };
    const eps = { ...t.entry_points_by_type, EXTERNAL: [{ selector: '0x1', offset: t.program.data.length }] };
    expect(code(() => sn.computeLegacyContractClassHash({ ...t, entry_points_by_type: eps } as never))[1]).toMatch(/^entry_points_by_type\.EXTERNAL\[0\]\.offset \d+ is outside the program/);
    expect(code(() => sn.computeLegacyContractClassHash({ ...t, program: 'H4sIAAAA' } as never))[1]).toMatch(/^program is compressed/);
    expect(code(() => sn.computeLegacyContractClassHash({ ...t, program: { ...t.program, data: ['0x1', 7.5] } } as never))[1]).toMatch(/program\.data\[1\] is 7\.5/);
    expect(code(() => sn.computeLegacyContractClassHash('{"abi": [], "program": {"x": 1.0}}'))).toEqual(['INVALID_ENCODING', expect.stringMatching(/not an integer/) as unknown as string]);
    expect(code(() => sn.computeLegacyContractClassHash('{"abi": [] "program": {}}'))[0]).toBe('INVALID_ENCODING');
    expect(code(() => sn.computeLegacyContractClassHash('[1, 2]'))[0]).toBe('INVALID_ARGUMENT');
    expect(code(() => sn.computeLegacyContractClassHash({ ...t, program: { ...t.program, hints: { abc: [] } } } as never))[1]).toMatch(/^program\.hints has the key "abc"/);
  });
});

describe('the …Async class hashes over the worker pool', () => {
  let pooled: StarknetEngine;
  beforeAll(async () => {
    pooled = await createEngine({ curves: ['stark'], workers: 2 });
  });
  afterAll(async () => {
    await pooled?.close();
  });

  it('give the same hashes as in-thread, with and without workers', async () => {
    for (const p of RS_PAIRS) {
      for (const s of [pooled.starknet, sn]) {
        expect(await s.computeSierraContractClassHashAsync(p.sierra)).toBe(BigInt(p.sierraHash));
        expect(await s.computeCompiledClassHashAsync(p.casm, '0.13.1')).toBe(BigInt(p.compiledHash));
        expect(await s.computeCompiledClassHashAsync(p.casm)).toBe(sn.computeCompiledClassHash(p.casm));
      }
    }
    for (const name of ['oz_account', 'pre-0.10.0_braavos_proxy']) expect(await pooled.starknet.computeLegacyContractClassHashAsync(cairo0(name))).toBe(BigInt(cairo0Hashes(name).class_hash));
  });

  it('nested segments spread over the workers', async () => {
    const casm = JSON.parse(RS_PAIRS[3]!.casm) as { bytecode_segment_lengths: number[] } & CompiledClass;
    const l = casm.bytecode_segment_lengths;
    const nested = { ...casm, bytecode_segment_lengths: [l.slice(0, 5), l[5]!, [l.slice(6, 12), [[]]], ...l.slice(12)] };
    // starknet.js's Poseidon variant reads flat lengths only; BLAKE2s handles nesting (cairo-lang's tree rule)
    expect(await pooled.starknet.computeCompiledClassHashAsync(nested, '0.13.1')).toBe(sn.computeCompiledClassHash(nested, '0.13.1'));
    expect(await pooled.starknet.computeCompiledClassHashAsync(nested)).toBe(BigInt(snHash.computeCompiledClassHash(nested as never)));
  });

  it('refuse bad input before any work is sent, and leave the pool working', async () => {
    const casm = JSON.parse(RS_PAIRS[3]!.casm) as { bytecode: string[] };
    const bad = { ...casm, bytecode: [...casm.bytecode.slice(0, 4000), '0x' + P.toString(16), ...casm.bytecode.slice(4001)] };
    await expect(pooled.starknet.computeCompiledClassHashAsync(bad as never, '0.13.1')).rejects.toMatchObject({ code: 'NOT_IN_FIELD', message: 'bytecode[4000] is not in [0, p)' });
    expect(await pooled.starknet.computeCompiledClassHashAsync(RS_PAIRS[3]!.casm, '0.13.1')).toBe(BigInt(RS_PAIRS[3]!.compiledHash));
  });
});

describe('hashChainsUnit (the worker unit)', () => {
  it('hashes each list with the chosen chain, and refuses ragged counts, unknown chains and elements ≥ p', async () => {
    const { hashChainsUnit } = await import('../../dist/src/starknet/units.js');
    const { instantiateCore } = await import('../../dist/src/core/wasm.js');
    const { NODE_WASM } = await import('../../dist/src/core/wasm-node.js');
    const { packWords, unpackWords } = await import('../../dist/src/core/words.js');
    const inst = await instantiateCore('stark', NODE_WASM);
    const lists = [[1n, 2n, 3n], [], [P - 1n]];
    const input = packWords(lists.flat(), 8);
    const counts = Uint32Array.from(lists.map((l) => l.length));
    expect(unpackWords(hashChainsUnit(inst, 1, input, counts), 8)).toEqual(lists.map((l) => sn.poseidonHashMany(l)));
    expect(unpackWords(hashChainsUnit(inst, 0, input, counts), 8)).toEqual(lists.map((l) => sn.computeHashOnElements(l)));
    expect(() => hashChainsUnit(inst, 1, input, Uint32Array.of(3, 0))).toThrow(/do not add up/);
    expect(() => hashChainsUnit(inst, 2 as never, input, counts)).toThrow(/unknown chain/);
    expect(() => hashChainsUnit(inst, 1, packWords([P], 8), Uint32Array.of(1))).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }) as unknown as Error);
  });
});

it("accepts starknet.js's own contract types (a compile-time check, exercised on the vectors)", () => {
  type SnCasm = import('starknet').CairoAssembly;
  type SnSierra = import('starknet').CompiledSierra;
  type SnLegacy = import('starknet').LegacyCompiledContract;
  const casm = JSON.parse(RS_PAIRS[2]!.casm) as SnCasm;
  const sierra = JSON.parse(RS_PAIRS[2]!.sierra) as SnSierra;
  const legacy = snJson.parse(cairo0('deployable')) as SnLegacy;
  expect(sn.computeCompiledClassHash(casm, '0.13.1')).toBe(BigInt(RS_PAIRS[2]!.compiledHash));
  expect(sn.computeSierraContractClassHash(sierra)).toBe(BigInt(RS_PAIRS[2]!.sierraHash));
  expect(sn.computeLegacyContractClassHash(legacy)).toBe(BigInt(cairo0Hashes('deployable').class_hash));
});
