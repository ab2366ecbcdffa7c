#!/usr/bin/env bash
# One-shot GPU MSM benchmark for a machine with a real GPU but no network (e.g. a lent H200):
#
#   here:         npm run bench:gpu:bundle            # writes bench-dist/ (≈ 21 MB, git-ignored)
#   GPU machine:  OUT=<dir> bench/gpu-msm-device.sh   # with bench-dist/ carried along; Node ≥ 20,
#                                                     # the vendor's Vulkan driver and libvulkan1
#
# Writes to $OUT (default ./bench-results): env.txt (Node, GPU, Vulkan ICDs), gpu-msm.txt/.json (every curve,
# 2^16..2^20, straight shape, default tuning), then, while the time budget lasts, sweeps of the workgroup
# size, the code shape and the limb width on BN254 and BLS12-381 at 2^18..2^20. Every timed MSM is checked
# against a closed-form answer; a curve that fails its 256-point check is not timed. Budget: BUDGET_S
# seconds in all (default 480), each step under its own timeout. SIZES (default 16-20), SWEEP_SIZES (18-20)
# and CURVES (every curve but BW6-761) override the defaults, e.g. for a dry run on SwiftShader.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-bench-results}
BUDGET_S=${BUDGET_S:-480}
SIZES=${SIZES:-16-20}
SWEEP_SIZES=${SWEEP_SIZES:-18-20}
CURVES=${CURVES:-bn254,bls12_381,bls12_377,ed_on_bls12_377,bandersnatch}
mkdir -p "$OUT"
BENCH=bench-dist/bench/gpu-msm.js
{
  echo "node $(node --version)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>/dev/null || echo "no nvidia-smi"
  echo "VK_ICD_FILENAMES=${VK_ICD_FILENAMES-<unset>}"
  ls /usr/share/vulkan/icd.d /etc/vulkan/icd.d 2>/dev/null
  ldconfig -p | grep -E 'libvulkan|libGLX_nvidia' || echo "no libvulkan in ldconfig"
} > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
if [ ! -f "$BENCH" ]; then
  echo "$BENCH is missing: run 'npm run bench:gpu:bundle' first and bring bench-dist/ along" >&2
  exit 2
fi

left() { echo $(( BUDGET_S - SECONDS )); }

# 1. Every curve, default tuning (straight code, 13-bit limbs, 64-thread workgroups).
timeout "$(( $(left) > 300 ? 300 : $(left) ))" node "$BENCH" --curve "$CURVES" --sizes "$SIZES" --runs 3 --out "$OUT/gpu-msm.json" 2>&1 | tee "$OUT/gpu-msm.txt"

# 2. Sweeps on BN254 and BLS12-381 while time remains (each ≤ 60 s).
sweep() {
  local name=$1; shift
  if [ "$(left)" -lt 70 ]; then echo "skipping $name: budget spent"; return; fi
  echo "== $name: $*"
  timeout 60 node "$BENCH" --curve bn254,bls12_381 --sizes "$SWEEP_SIZES" --runs 2 --out "$OUT/$name.json" "$@" 2>&1 | tee "$OUT/$name.txt"
}
sweep wg128 --wg 128
sweep wg256 --wg 256
sweep wg32 --wg 32
sweep compact --shape compact
sweep limbs14 --limbs 14
sweep limbs12 --limbs 12
echo "done in ${SECONDS}s; results in $OUT"
