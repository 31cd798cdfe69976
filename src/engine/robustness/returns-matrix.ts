/** A T x N matrix of per-period returns: one column per configuration of a sweep. */

/**
 * Per-period returns of N configurations over the same T periods, stored column-major in one
 * Float64Array: the return of configuration n in period t is `values[n * periods + t]`, so a
 * configuration's series is the contiguous `values.subarray(n * periods, (n + 1) * periods)`.
 * Returns are fractions (0.01 = +1%); any consistent unit works, since scores are ratios.
 */
export interface ReturnsMatrix {
  readonly values: Float64Array;
  /** T, the number of periods (rows). */
  readonly periods: number;
  /** N, the number of configurations (columns). */
  readonly configurations: number;
}

/** A matrix from one return series per configuration; all must have the same length. */
export function returnsMatrixFromColumns(columns: readonly ArrayLike<number>[]): ReturnsMatrix {
  const periods = columns[0]?.length ?? 0;
  const values = new Float64Array(periods * columns.length);
  columns.forEach((column, configuration) => {
    if (column.length !== periods) {
      throw new RangeError(
        `configuration ${configuration} has ${column.length} returns, configuration 0 has ${periods}`,
      );
    }
    values.set(column, configuration * periods);
  });
  return { values, periods, configurations: columns.length };
}

/** Checks that the matrix's shape matches its values and every return is a finite number. */
export function assertReturnsMatrix({ values, periods, configurations }: ReturnsMatrix): void {
  if (
    !Number.isInteger(periods) ||
    !Number.isInteger(configurations) ||
    periods * configurations !== values.length
  ) {
    throw new RangeError(
      `a ${periods} x ${configurations} returns matrix needs ${periods * configurations} values, got ${values.length}`,
    );
  }
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) {
      throw new RangeError(
        `the return of configuration ${Math.floor(i / periods)} in period ${i % periods} is not a finite number`,
      );
    }
  }
}
