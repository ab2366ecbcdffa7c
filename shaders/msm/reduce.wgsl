// MSM stage 5, reduce: per window, Σ (b + 1)·S_b over the bucket sums S_b by parallel running sums over
// chunks of q buckets, in levels (planned by reduceLevels in src/gpu/msm/plan.ts), each level turning chunk
// results into weighted items of the next. One thread per (window, chunk). With items V_m of weight
// (m + delta) and unweighted U_m:
//   acc = Σ (m − lo + delta)·V_m by running sums from the top, run = Σ V_m, usum = Σ U_m;
//   output U' = acc + usum and V' = q·run (log_q doublings), so the next level weighs V'_t by t.
// Every addition goes through one call site (steps selected by kind) to keep the code small. The program
// puts in front: the field with its storage words, the curve, and the storage helpers of `part`
// (ld_pt_part) and `red` (ld_pt_red, st_pt_red). Flag `compact` (the compact code shape) keeps the five
// registers in an indexed array, the least code for CPU-emulated compilers.

struct Params {
  threads: u32,
  base: u32,
  m: u32,
  q: u32,
  delta: u32,
  mode: u32,
  log_q: u32,
  seg: u32,
  buckets: u32,
  stride_part: u32,
  in_v: u32,
  in_u: u32,
  out_v: u32,
  out_u: u32,
  stride_red: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> books: array<u32>;
@group(0) @binding(2) var<storage, read> part: array<u32>;
@group(0) @binding(3) var<storage, read_write> red: array<u32>;

// Item mm of window j at this level: mode 0 reads bucket sums (the final partial of each non-empty bucket),
// mode 1 the V array written by the previous level.
fn load_v(j: u32, mm: u32) -> Pt {
  if (params.mode == 0u) {
    let k = j * params.buckets + mm;
    let at = books[params.seg + k];
    if (books[params.seg + k + 1u] == at) {
      return pt_identity();
    }
    return ld_pt_part(at, params.stride_part);
  }
  return pt_identity();
}

// kind -> dst << 16 | a << 8 | b over registers 0 run, 1 acc, 2 usum, 3 v, 4 u (compact shape).
const REDUCE_STEPS = array<u32, 5>(0x000003u, 0x010100u, 0x020204u, 0x000000u, 0x010102u);

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let g = params.base + gid.x;
  if (g >= params.threads) {
    return;
  }
  let chunks = params.m / params.q;
  let j = g / chunks;
  let t = g % chunks;
  let lo = t * params.q;
  // A chunk of empty buckets (bucket offsets are monotone) contributes nothing: small or skewed inputs
  // leave most buckets empty when the window is large.
// #if compact
  // Registers: 0 run, 1 acc, 2 usum, 3 v, 4 u (an indexed array: least code for CPU-emulated compilers).
  var r = array<Pt, 5>(pt_identity(), pt_identity(), pt_identity(), pt_identity(), pt_identity());
  let item_steps = params.q * 3u;
  var steps = item_steps + params.log_q + 1u;
  if (params.mode == 0u && books[params.seg + j * params.buckets + lo + params.q] == books[params.seg + j * params.buckets + lo]) {
    steps = 0u;
  }
  for (var st = 0u; st < steps; st++) {
    var kind = 4u;
    if (st < item_steps) {
      let h = st % 3u;
      let mm = lo + params.q - 1u - st / 3u;
      if (h == 0u) {
        r[3] = load_v(j, mm);
      }
      if (params.mode == 1u && h < 2u) {
        var item_at = params.in_v;
        if (h == 1u) {
          item_at = params.in_u;
        }
        r[3u + h] = ld_pt_red(item_at + j * params.m + mm, params.stride_red);
      }
      kind = h;
      if (params.delta == 0u && h < 2u) {
        kind = 1u - h;
      }
    } else if (st < item_steps + params.log_q) {
      kind = 3u;
    }
    if (params.mode == 0u && (kind == 2u || kind == 4u)) {
      continue;
    }
    let op = REDUCE_STEPS[kind];
    let x = r[(op >> 8u) & 0xffu];
    let y = r[op & 0xffu];
    var z = x;
    if (pt_is_identity(x)) {
      z = y;
    } else if (!pt_is_identity(y)) {
      z = pt_add(x, y);
    }
    r[op >> 16u] = z;
  }
  let run = r[0];
  let acc = r[1];
// #else
  var run = pt_identity();
  var acc = pt_identity();
  var usum = pt_identity();
  var v = pt_identity();
  var u = pt_identity();
  let item_steps = params.q * 3u;
  var steps = item_steps + params.log_q + 1u;
  if (params.mode == 0u && books[params.seg + j * params.buckets + lo + params.q] == books[params.seg + j * params.buckets + lo]) {
    steps = 0u;
  }
  for (var st = 0u; st < steps; st++) {
    // kind 0: run += v; 1: acc += run; 2: usum += u; 3: run += run; 4: acc += usum.
    var kind = 4u;
    if (st < item_steps) {
      let h = st % 3u;
      let mm = lo + params.q - 1u - st / 3u;
      if (h == 0u) {
        v = load_v(j, mm);
      }
      if (params.mode == 1u && h < 2u) {
        // Items of the previous level: V at step 0, U at step 1 (one load site for both).
        var item_at = params.in_v;
        if (h == 1u) {
          item_at = params.in_u;
        }
        let item = ld_pt_red(item_at + j * params.m + mm, params.stride_red);
        if (h == 0u) {
          v = item;
        } else {
          u = item;
        }
      }
      kind = h;
      if (params.delta == 0u && h < 2u) {
        kind = 1u - h;
      }
    } else if (st < item_steps + params.log_q) {
      kind = 3u;
    }
    if (params.mode == 0u && (kind == 2u || kind == 4u)) {
      continue;
    }
    var x = run;
    var y = v;
    if (kind == 1u) {
      x = acc;
      y = run;
    } else if (kind == 2u) {
      x = usum;
      y = u;
    } else if (kind == 3u) {
      y = run;
    } else if (kind == 4u) {
      x = acc;
      y = usum;
    }
    // Additions with the identity are skipped (sparse buckets); with dense buckets the branch is never taken.
    var z = x;
    if (pt_is_identity(x)) {
      z = y;
    } else if (!pt_is_identity(y)) {
      z = pt_add(x, y);
    }
    if (kind == 0u || kind == 3u) {
      run = z;
    } else if (kind == 2u) {
      usum = z;
    } else {
      acc = z;
    }
  }
// #endif
  for (var o = 0u; o < 2u; o++) {
    var p = run;
    var at = params.out_v + g;
    if (o == 1u) {
      p = acc;
      at = params.out_u + g;
    }
    st_pt_red(at, params.stride_red, p);
  }
}
