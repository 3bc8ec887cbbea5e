/** Timing helpers of the benchmarks that print p50 / p95 columns. */
export const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** Milliseconds since `t0` (process.hrtime.bigint()). */
export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

/** "p50 p95", each right-aligned in 7 characters. */
export const fmt = (xs: number[], digits = 1): string =>
  `${quantile(xs, 0.5).toFixed(digits).padStart(7)} ${quantile(xs, 0.95).toFixed(digits).padStart(7)}`;

/** `runs` rounds of A then B (interleaved, so a change of load hits both alike): each one's times in ms. */
export async function interleaved(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<{ a: number[]; b: number[] }> {
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < runs; i++) {
    let t0 = process.hrtime.bigint();
    await a();
    out.a.push(ms(t0));
    t0 = process.hrtime.bigint();
    await b();
    out.b.push(ms(t0));
  }
  return out;
}
