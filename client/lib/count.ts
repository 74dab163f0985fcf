/**
 * A whole number as people read it in English: 12345 -> '12,345', -1200 -> '-1,200'. Every count on screen uses this
 * one: the first `toLocaleString` of a page loads the engine's number-formatting data, which on a slow phone was the
 * largest piece of script in Home's first render (docs/CLIENT.md). Anything but a whole number falls back to it.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
