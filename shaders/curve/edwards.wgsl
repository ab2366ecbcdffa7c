// Twisted Edwards curve a·x² + y² = 1 + d·x²·y²: ed_on_bls12_377 (a = −1) and Bandersnatch (a = −5). Points
// `Pt` are extended (X : Y : T : Z) with T = XY/Z, identity (0 : 1 : 0 : 1). Bases `Base` are stored
// precomputed for the mixed addition: (y − x, y + x, 2d·x·y) when a = −1 (flag a_minus_one), otherwise
// (x, y, d·x·y). The identity is an ordinary point here, (0, 1), so bases need no identity encoding. All
// coordinates are field elements in Montgomery form (montgomery.wgsl).
//
// src/gpu/wgsl/curve.ts puts the hot formulas next to this text, emitted from the tables of
// src/gpu/wgsl/curve-programs.ts in the chosen code shape: pt_add (the unified addition of
// Hisil–Wong–Carter–Dawson 2008, complete on these curves because a is a square and d is not; its a = −1
// variant add-2008-hwcd-3 where it applies), pt_add_base (mixed addition), pt_double, and the multiplications
// by the curve constants, curve_mul_a, curve_mul_d and curve_mul_k (k = 2d).

struct Pt {
  x: Fe,
  y: Fe,
  t: Fe,
  z: Fe,
}

// The stored form of an affine base point: (y - x, y + x, 2d·x·y) when a = −1, else (x, y, d·x·y).
struct Base {
  c0: Fe,
  c1: Fe,
  c2: Fe,
}

const PT_COORDS: u32 = 4u;
const BASE_COORDS: u32 = 3u;

// The coordinates of a base in storage order (prepare.wgsl stores them one by one).
fn base_coords(b: Base) -> array<Fe, BASE_COORDS> {
  return array<Fe, BASE_COORDS>(b.c0, b.c1, b.c2);
}

fn pt_identity() -> Pt {
  return Pt(fe_zero(), fe_one(), fe_zero(), fe_one());
}

fn pt_is_identity(p: Pt) -> bool {
  return fe_is_zero(p.x) && fe_eq(p.y, p.z);
}

fn pt_neg(p: Pt) -> Pt {
  return Pt(fe_neg(p.x), p.y, fe_neg(p.t), p.z);
}

fn base_from_affine(x: Fe, y: Fe) -> Base {
// #if a_minus_one
  return Base(fe_sub(y, x), fe_add(y, x), curve_mul_k(fe_mul(x, y)));
// #else
  return Base(x, y, curve_mul_d(fe_mul(x, y)));
// #endif
}

fn base_is_identity(b: Base) -> bool {
  return false;
}

fn base_neg(b: Base) -> Base {
// #if a_minus_one
  return Base(b.c1, b.c0, fe_neg(b.c2));
// #else
  return Base(fe_neg(b.c0), b.c1, fe_neg(b.c2));
// #endif
}

fn pt_from_base(b: Base) -> Pt {
  return pt_add_base(pt_identity(), b);
}

fn affine_on_curve(x: Fe, y: Fe) -> bool {
  let x2 = fe_mul(x, x);
  let y2 = fe_mul(y, y);
  let lhs = fe_add(curve_mul_a(x2), y2);
  let rhs = fe_add(fe_one(), curve_mul_d(fe_mul(x2, y2)));
  return fe_eq(lhs, rhs);
}
