/**
 * Formatting of numbers for display.
 * @module
 */

/** `n` bytes as a short binary-unit string, e.g. `128 MiB`; exact byte counts stay available in titles. */
export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1 && Number.isInteger(v / 1024)) {
    v /= 1024;
    u++;
  }
  if (u === 0 && n >= 1024) {
    // Not a whole multiple (e.g. 2^32 - 4): round for display.
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return `${v.toFixed(1)} ${units[u]}`;
  }
  return `${v.toLocaleString('en-US')} ${units[u]}`;
}

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Milliseconds, with precision that suits the size. */
export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
