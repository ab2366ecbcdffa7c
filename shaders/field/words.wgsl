// Storage words of a field element: buffers hold each element as FE_WORDS little-endian 32-bit words
// (canonical or Montgomery form, always fully reduced so that it fits), unpacked into limbs only inside a
// kernel. That halves (13-bit limbs: 2.5×) memory and bandwidth against one limb per u32. Follows
// montgomery.wgsl in the module; instantiated by src/gpu/wgsl/field.ts.
// - fe_unpack(w): words → limbs (no conversion; the value is kept);
// - fe_pack(x): limbs (each below 2^FE_W, as every field function returns) → words;
// - fe_words_lt_p(w): whether canonical words encode a value below p.

const FE_WORDS: u32 = {{words}}u;
alias FeWords = array<u32, FE_WORDS>;
const FE_P_WORDS = FeWords({{p_words}});

fn fe_unpack(w: FeWords) -> Fe {
  var r: Fe;
  for (var j = 0u; j < FE_N; j++) {
    let bit = j * FE_W;
    let k = bit >> 5u;
    let o = bit & 31u;
    var v = 0u;
    if (k < FE_WORDS) {
      v = w[k] >> o;
      if (o + FE_W > 32u && k + 1u < FE_WORDS) {
        v |= w[k + 1u] << (32u - o);
      }
    }
    r[j] = v & FE_MASK;
  }
  return r;
}

fn fe_pack(x: Fe) -> FeWords {
  var w: FeWords;
  for (var j = 0u; j < FE_N; j++) {
    let bit = j * FE_W;
    let k = bit >> 5u;
    let o = bit & 31u;
    if (k < FE_WORDS) {
      w[k] |= x[j] << o;
      if (o + FE_W > 32u && k + 1u < FE_WORDS) {
        w[k + 1u] |= x[j] >> (32u - o);
      }
    }
  }
  return w;
}

fn fe_words_lt_p(w: FeWords) -> bool {
  for (var k = FE_WORDS; k > 0u; k--) {
    if (w[k - 1u] != FE_P_WORDS[k - 1u]) {
      return w[k - 1u] < FE_P_WORDS[k - 1u];
    }
  }
  return false;
}
