// Short Weierstrass curve y² = x³ + b (a = 0): BN254, BLS12-381, BLS12-377 and BW6-761 G1. Points `Pt` are
// homogeneous projective (X : Y : Z), x = X/Z, y = Y/Z, identity (0 : 1 : 0). Bases `Base` (the stored form
// of an affine input point) are (x, y), and the affine identity is stored as (0, 0), which is on none of these
// curves (b ≠ 0). All coordinates are field elements in Montgomery form (montgomery.wgsl).
//
// src/gpu/wgsl/curve.ts puts the hot formulas next to this text, emitted from the tables of
// src/gpu/wgsl/curve-programs.ts in the chosen code shape: pt_add (complete addition, Renes–Costello–Batina
// 2016 algorithm 7), pt_add_base_raw (mixed addition with Z2 = 1, algorithm 8), pt_double (algorithm 9), and
// the multiplications by the curve constants, curve_mul_b3 and curve_mul_b. Complete formulas need no
// branch for doubling, inverse pairs or the identity, which matters on a GPU where a branch taken by one lane
// stalls its neighbours.

struct Pt {
  x: Fe,
  y: Fe,
  z: Fe,
}

// The stored form of an affine base point: (x, y), (0, 0) for the identity.
struct Base {
  x: Fe,
  y: Fe,
}

const PT_COORDS: u32 = 3u;
const BASE_COORDS: u32 = 2u;

// The coordinates of a base in storage order (prepare.wgsl stores them one by one).
fn base_coords(b: Base) -> array<Fe, BASE_COORDS> {
  return array<Fe, BASE_COORDS>(b.x, b.y);
}

fn pt_identity() -> Pt {
  return Pt(fe_zero(), fe_one(), fe_zero());
}

fn pt_is_identity(p: Pt) -> bool {
  return fe_is_zero(p.z);
}

fn pt_neg(p: Pt) -> Pt {
  return Pt(p.x, fe_neg(p.y), p.z);
}

fn base_from_affine(x: Fe, y: Fe) -> Base {
  return Base(x, y);
}

fn base_is_identity(b: Base) -> bool {
  return fe_is_zero(b.x) && fe_is_zero(b.y);
}

fn base_neg(b: Base) -> Base {
  return Base(b.x, fe_neg(b.y));
}

fn pt_from_base(b: Base) -> Pt {
  if (base_is_identity(b)) {
    return pt_identity();
  }
  return Pt(b.x, b.y, fe_one());
}

// The affine identity (0, 0) is selected around: the mixed formula assumes Z2 = 1.
fn pt_add_base(p: Pt, b: Base) -> Pt {
  if (base_is_identity(b)) {
    return p;
  }
  return pt_add_base_raw(p, b);
}

// The curve equation; (0, 0) counts as on the curve, being the identity's encoding.
fn affine_on_curve(x: Fe, y: Fe) -> bool {
  if (fe_is_zero(x) && fe_is_zero(y)) {
    return true;
  }
  let rhs = fe_add(fe_mul(fe_mul(x, x), x), curve_mul_b(fe_one()));
  return fe_eq(fe_mul(y, y), rhs);
}
