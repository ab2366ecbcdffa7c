/**
 * Makes the PLONK and FFLONK test fixtures with the real tools: compiles the circuits of
 * `test/fixtures/plonk/circuits/` with circom2 (circom compiled to wasm), runs a small powers-of-tau ceremony
 * per curve with snarkjs 0.7.6, the PLONK setup (bn128 and bls12381) and the FFLONK setup (bn128, the only
 * curve snarkjs's FFLONK supports), proves one witness per circuit and writes
 * `test/fixtures/plonk/<system>/<curve>/<circuit>/{verification_key,proof,public}.json`. Each proof is checked
 * with snarkjs before it is written. The tests only read these files; rerun this script (minutes) to renew them:
 *
 *     npx tsx scripts/make-plonk-fixtures.ts
 *
 * The ceremony's randomness is fresh each run, so the outputs differ between runs (all are valid). Set
 * `PTAU_DIR` to a folder to keep the powers of tau between runs (the ceremony takes most of the time).
 *
 * snarkjs 0.7.6's PLONK prover cannot prove a circuit without public signals (its zkey then holds no Lagrange
 * evaluations and `plonk.fullProve` throws "Evaluations.getEvaluation() out of bounds"), so the circuit `none`
 * has FFLONK fixtures only; PLONK's smallest count is 1 (`one`).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as snarkjs from 'snarkjs';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'test/fixtures/plonk');
const CIRCOM = join(ROOT, 'node_modules/circom2/cli.js');

/**
 * The circuits (public signals: 0, 1, 4) and satisfying inputs: the first makes `proof.json` / `public.json`,
 * the others `proof.<i>.json` / `public.<i>.json` (more proofs of one key, for batches).
 */
const CIRCUITS: Record<string, readonly Record<string, number | number[]>[]> = {
  none: [{ a: 17, b: 23 }],
  one: [{ a: 5, b: 9 }, { a: 12, b: 1 }],
  several: [
    { x: 3, y: 11, s: [2, 3, 5, 7, 11] },
    { x: 4, y: 1, s: [1, 1, 2, 3, 5] },
    { x: 9, y: 8, s: [6, 0, 4, 2, 13] },
  ],
};

type Curve = 'bn128' | 'bls12381';
const SYSTEMS: readonly { system: 'plonk' | 'fflonk'; curve: Curve }[] = [
  { system: 'plonk', curve: 'bn128' },
  { system: 'plonk', curve: 'bls12381' },
  { system: 'fflonk', curve: 'bn128' },
];
/** 2^POWER powers of tau: FFLONK's setup wants 2^(power + 4)-ish points for these circuits' domain of 16–32. */
const POWER = 10;

/** Systems snarkjs 0.7.6 cannot prove a circuit with (see the module comment). */
const UNPROVABLE: readonly string[] = ['plonk/none'];

async function ceremony(curve: Curve, dir: string): Promise<string> {
  const c = await snarkjs.curves.getCurveFromName(curve);
  const p0 = join(dir, `${curve}_0.ptau`);
  const p1 = join(dir, `${curve}_1.ptau`);
  const p2 = join(dir, `${curve}_${POWER}_final.ptau`);
  if (existsSync(p2)) return p2;
  await snarkjs.powersOfTau.newAccumulator(c, POWER, p0);
  await snarkjs.powersOfTau.contribute(p0, p1, 'webcurves fixtures', randomBytes(32).toString('hex'));
  await snarkjs.powersOfTau.preparePhase2(p1, p2);
  return p2;
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'plonk-fixtures-'));
  try {
    const ptau: Partial<Record<Curve, string>> = {};
    const keep = process.env.PTAU_DIR;
    if (keep) mkdirSync(keep, { recursive: true });
    for (const curve of ['bn128', 'bls12381'] as const) ptau[curve] = await ceremony(curve, keep ?? tmp);
    for (const [name, inputs] of Object.entries(CIRCUITS)) {
      for (const curve of ['bn128', 'bls12381'] as const) {
        const build = join(tmp, `${name}_${curve}`);
        mkdirSync(build, { recursive: true });
        execFileSync(process.execPath, [CIRCOM, join(OUT, 'circuits', `${name}.circom`), '--r1cs', '--wasm', '-o', build, '--prime', curve], { stdio: 'ignore' });
        for (const { system } of SYSTEMS.filter((s) => s.curve === curve && !UNPROVABLE.includes(`${s.system}/${name}`))) {
          const zkey = join(build, `${system}.zkey`);
          await snarkjs[system].setup(join(build, `${name}.r1cs`), ptau[curve]!, zkey);
          const vk = await snarkjs.zKey.exportVerificationKey(zkey);
          const dest = join(OUT, system, curve, name);
          mkdirSync(dest, { recursive: true });
          writeFileSync(join(dest, 'verification_key.json'), JSON.stringify(vk, null, 1) + '\n');
          for (const [i, input] of inputs.entries()) {
            const { proof, publicSignals } = await snarkjs[system].fullProve(input, join(build, `${name}_js`, `${name}.wasm`), zkey);
            if (!(await snarkjs[system].verify(vk, publicSignals, proof))) throw new Error(`${system} ${curve} ${name}: snarkjs does not verify its own proof`);
            const suffix = i === 0 ? '' : `.${i}`;
            writeFileSync(join(dest, `proof${suffix}.json`), JSON.stringify(proof, null, 1) + '\n');
            writeFileSync(join(dest, `public${suffix}.json`), JSON.stringify(publicSignals, null, 1) + '\n');
          }
          process.stdout.write(`${system} ${curve} ${name}: ${inputs.length} proofs, ${vk.nPublic} public signals\n`);
        }
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    for (const curve of ['bn128', 'bls12381'] as const) await (await snarkjs.curves.getCurveFromName(curve)).terminate();
  }
}

await main();
