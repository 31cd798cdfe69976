/**
 * The seeded data sets logistic-reference.json was computed on: a weak signal on several
 * features, a small set the classes nearly separate (the penalty keeps the fit finite), one
 * with a constant feature and two collinear ones, and one with enough rows (40,000) that the
 * fit estimates its first Hessians from a sample of them; of that one, every 400th row counts.
 */
import { mulberry32 } from '../../../src/engine/robustness/random';

export interface LogisticCase {
  name: string;
  columns: Float64Array[];
  rows: Int32Array;
  labels: Uint8Array;
  /** The rows whose probabilities the reference keeps. */
  checked: Int32Array;
}

function logisticCase(
  name: string,
  count: number,
  seed: number,
  featureCount: number,
  score: (features: number[]) => number,
  shape: (columns: Float64Array[]) => Float64Array[] = (columns) => columns,
): LogisticCase {
  const random = mulberry32(seed);
  const raw = Array.from({ length: featureCount }, (_, f) =>
    Float64Array.from({ length: count }, () => (random() * 2 - 1) * (f + 1) + f),
  );
  const columns = shape(raw);
  const labels = Uint8Array.from({ length: count }, (_, row) => {
    const p = 1 / (1 + Math.exp(-score(raw.map((column) => column[row]!))));
    return random() < p ? 1 : 0;
  });
  const step = count > 1000 ? 400 : 1;
  return {
    name,
    columns,
    rows: Int32Array.from({ length: count }, (_, row) => row),
    labels,
    checked: Int32Array.from({ length: Math.ceil(count / step) }, (_, i) => i * step),
  };
}

export const LOGISTIC_CASES: LogisticCase[] = [
  logisticCase('weak signal', 400, 101, 5, ([a, b, c]) => 0.8 * a! - 0.3 * (b! - 1) + 0.1 * (c! - 2)),
  logisticCase('nearly separable', 60, 202, 3, ([a]) => 25 * a!),
  logisticCase(
    'constant and collinear features',
    150,
    303,
    3,
    ([a, b]) => a! + 0.5 * (b! - 1),
    ([a, b, c]) => [a!, b!, new Float64Array(a!.length).fill(7), Float64Array.from(b!, (x) => 3 * x - 2), c!],
  ),
  logisticCase('many rows', 40_000, 404, 6, ([a, b, , d]) => 0.6 * a! - 0.4 * (b! - 1) + 0.05 * (d! - 3)),
];
