// Prime-field arithmetic in Montgomery form with small limbs in u32 lanes. Instantiated per (field, limb
// width, product shape) by src/gpu/wgsl/field.ts, which derives every constant from the modulus and proves,
// with exact worst-case bounds, that no lane of the product overflows (src/gpu/wgsl/mul-plan.ts).
//
// An element `Fe` is FE_N limbs of FE_W bits, least significant first, each in its own u32, fully reduced
// into [0, p) and in Montgomery form (x·R mod p, R = 2^(FE_W·FE_N)). Every function expects and returns that
// form except fe_to_mont (canonical in) and fe_from_mont (canonical out). fe_pow takes an exponent `FeExp`
// of FE_EXP_WORDS 32-bit words, least significant first; fe_inv(0) = 0. fe_carry and fe_reduce_once are
// helpers of the others. Nothing here is constant-time (GPU code never handles secrets).

// Field {{id}}: {{bits}}-bit modulus, {{limbs}} limbs of {{limb_bits}} bits in u32 lanes, Montgomery form, R = 2^{{r_bits}}.
// Montgomery product: {{mul_shape}} rows; carry normalisation {{schedule}}; worst-case lane {{max_lane}} < 2^32.

const FE_N: u32 = {{limbs}}u;
const FE_W: u32 = {{limb_bits}}u;
const FE_MASK: u32 = {{mask}};
const FE_N0: u32 = {{n0}};
const FE_EXP_WORDS: u32 = {{exp_words}}u;

alias Fe = array<u32, FE_N>;
alias FeExp = array<u32, FE_EXP_WORDS>;

const FE_P = Fe({{p}});
const FE_ONE = Fe({{one}});
const FE_R2 = Fe({{r2}});
const FE_P_MINUS_2 = FeExp({{p_minus_2}});

fn fe_zero() -> Fe {
  return Fe();
}

fn fe_one() -> Fe {
  return FE_ONE;
}

// Propagates lazy carries so that limbs 0..N-2 are below 2^W; the top limb keeps the rest.
fn fe_carry(x: Fe) -> Fe {
  var t = x;
  var c = 0u;
  for (var j = 0u; j < FE_N - 1u; j++) {
    let s = t[j] + c;
    t[j] = s & FE_MASK;
    c = s >> FE_W;
  }
  t[FE_N - 1u] += c;
  return t;
}

// x - p if x >= p, for x < 2p with W-bit limbs. A negative limb difference wraps, so bit 31 is the borrow.
fn fe_reduce_once(x: Fe) -> Fe {
  var d: Fe;
  var borrow = 0u;
  for (var j = 0u; j < FE_N; j++) {
    let s = x[j] - FE_P[j] - borrow;
    d[j] = s & FE_MASK;
    borrow = s >> 31u;
  }
  if (borrow != 0u) {
    return x;
  }
  return d;
}

fn fe_add(a: Fe, b: Fe) -> Fe {
  var r: Fe;
  var c = 0u;
  for (var j = 0u; j < FE_N; j++) {
    let s = a[j] + b[j] + c;
    r[j] = s & FE_MASK;
    c = s >> FE_W;
  }
  return fe_reduce_once(r);
}

fn fe_sub(a: Fe, b: Fe) -> Fe {
  var r: Fe;
  var borrow = 0u;
  for (var j = 0u; j < FE_N; j++) {
    let s = a[j] - b[j] - borrow;
    r[j] = s & FE_MASK;
    borrow = s >> 31u;
  }
  if (borrow != 0u) {
    // r holds a - b + R; adding p and dropping the carry out of the top limb leaves a - b + p.
    var c = 0u;
    for (var j = 0u; j < FE_N; j++) {
      let s = r[j] + FE_P[j] + c;
      r[j] = s & FE_MASK;
      c = s >> FE_W;
    }
  }
  return r;
}

fn fe_neg(a: Fe) -> Fe {
  return fe_sub(Fe(), a);
}

fn fe_double(a: Fe) -> Fe {
  return fe_add(a, a);
}

// Montgomery product a·b·R^-1 mod p. Each row adds a_i·b and m·p into the lanes without carrying; the
// generator proved the lane bound above and inserted carry passes only where a row could overflow.
// Since 4p < R and a, b < p, the result before the final subtraction is below 2p.
fn fe_mul(a: Fe, b: Fe) -> Fe {
  var t: Fe;
  for (var i = 0u; i < FE_N; i++) {
// #if normalize
    if ({{normalize_rows}}) {
      t = fe_carry(t);
    }
// #endif
    let ai = a[i];
// #if lazy
    // Lazy row: whole 2W-bit products go into the lanes.
    let t0 = t[0] + ai * b[0];
    let m = (t0 * FE_N0) & FE_MASK;
    let c = (t0 + m * FE_P[0]) >> FE_W;
    for (var j = 1u; j < FE_N; j++) {
      t[j - 1u] = t[j] + ai * b[j] + m * FE_P[j];
    }
    t[FE_N - 1u] = 0u;
    t[0] += c;
// #else
    // Split row: each product's low W bits stay in its lane, the high bits move one lane up.
    let x0 = ai * b[0];
    let t0 = t[0] + (x0 & FE_MASK);
    let m = (t0 * FE_N0) & FE_MASK;
    let y0 = m * FE_P[0];
    var c = ((t0 + (y0 & FE_MASK)) >> FE_W) + (x0 >> FE_W) + (y0 >> FE_W);
    for (var j = 1u; j < FE_N; j++) {
      let x = ai * b[j];
      let y = m * FE_P[j];
      t[j - 1u] = t[j] + (x & FE_MASK) + (y & FE_MASK) + c;
      c = (x >> FE_W) + (y >> FE_W);
    }
    t[FE_N - 1u] = c;
// #endif
  }
  return fe_reduce_once(fe_carry(t));
}

fn fe_sqr(a: Fe) -> Fe {
  return fe_mul(a, a);
}

fn fe_to_mont(a: Fe) -> Fe {
  return fe_mul(a, FE_R2);
}

fn fe_from_mont(a: Fe) -> Fe {
  var one: Fe;
  one[0] = 1u;
  return fe_mul(a, one);
}

fn fe_eq(a: Fe, b: Fe) -> bool {
  var d = 0u;
  for (var j = 0u; j < FE_N; j++) {
    d |= a[j] ^ b[j];
  }
  return d == 0u;
}

fn fe_is_zero(a: Fe) -> bool {
  var d = 0u;
  for (var j = 0u; j < FE_N; j++) {
    d |= a[j];
  }
  return d == 0u;
}

// Left-to-right square-and-multiply over all 32·EXP_WORDS bits; variable-time in the exponent.
fn fe_pow(a: Fe, e: FeExp) -> Fe {
  var r = FE_ONE;
  for (var k = FE_EXP_WORDS; k > 0u; k--) {
    let word = e[k - 1u];
    for (var bit = 32u; bit > 0u; bit--) {
      r = fe_sqr(r);
      if (((word >> (bit - 1u)) & 1u) != 0u) {
        r = fe_mul(r, a);
      }
    }
  }
  return r;
}

// Fermat inversion a^(p-2); maps 0 to 0.
fn fe_inv(a: Fe) -> Fe {
  return fe_pow(a, FE_P_MINUS_2);
}
