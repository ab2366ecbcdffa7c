/**
 * Where Ethereum's mainnet KZG setup assets lie (the setup, and the FK20 table of the cell proofs): one literal
 * per file, `new URL('…', import.meta.url)` in a module of its
 * own (as the wasm modules' URLs in `src/core/modules/`), so that bundlers copy and fingerprint the file; it is
 * fetched only when `wc.kzg()` is first called. Next to the compiled library: `assets/kzg-mainnet.bin` in the
 * package root (from `dist/src/kzg/`).
 * @module
 */

/** The mainnet setup asset's URL. @throws nothing. */
export const kzgMainnetSetupUrl = (): URL => new URL('../../../assets/kzg-mainnet.bin', import.meta.url);

/** The mainnet FK20 table asset's URL (fetched on the first cell-proof call). @throws nothing. */
export const kzgMainnetFk20Url = (): URL => new URL('../../../assets/kzg-mainnet-fk20.bin', import.meta.url);
