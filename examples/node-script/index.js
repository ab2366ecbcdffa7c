// Verifies a snarkjs Groth16 proof (BN254) and signs a Starknet message in Node, then exits by itself.
import { readFile } from 'node:fs/promises';
import { createEngine } from 'webcurves';

const json = async (name) => JSON.parse(await readFile(new URL(`./vectors/${name}`, import.meta.url), 'utf8'));
const [vk, proof, publicSignals] = await Promise.all([json('snarkjs_vk_bn254.json'), json('snarkjs_proof_bn254.json'), json('snarkjs_public_bn254.json')]);

// A demo key: never use a fixed private key for real.
const PRIVATE_KEY = 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn;
const MESSAGE_HASH = 0x6fea80189363a786037ed3e7ba546dad0ef7de49fccae0e31eb658b7dd4ea76n;
const hex = (x) => '0x' + x.toString(16);

// gpu: 'auto' (the default) uses WebGPU only when the optional `webgpu` package is installed.
const wc = await createEngine({ workers: 2 });
try {
  const verified = await wc.groth16.verify(vk, publicSignals, proof);
  await wc.load('stark');
  const publicKey = wc.starknet.getPublicKey(PRIVATE_KEY);
  const signature = wc.starknet.sign(MESSAGE_HASH, PRIVATE_KEY);
  const [batchOk] = await wc.starknet.verifyBatch([{ publicKey, msgHash: MESSAGE_HASH, r: signature.r, s: signature.s }]);
  // Every backend in use (the calling thread, a worker, WebGPU where there is one) multiplies the same values.
  const selfTest = await wc.selfTest('bn254_fr', 8);
  const info = wc.info();
  console.log(
    JSON.stringify({
      verified,
      publicKey: hex(publicKey),
      r: hex(signature.r),
      s: hex(signature.s),
      signatureOk: wc.starknet.verify(publicKey, MESSAGE_HASH, signature.r, signature.s) && batchOk === true,
      workers: info.workers,
      backends: selfTest.ok ? selfTest.results.filter((r) => !r.skipped).map((r) => r.backend) : 'self-test failed',
      gpu: info.gpu.available ? 'available' : info.gpu.reason,
    }),
  );
} finally {
  await wc.close();
}
