/** In-sample versus out-of-sample decay of the configurations an optimiser chose. */

export interface ScoreDecay {
  /** Mean in-sample score of the chosen configurations. */
  meanInSample: number;
  /** Mean out-of-sample score of the same configurations. */
  meanOutOfSample: number;
  /**
   * meanOutOfSample / meanInSample: 1 = no decay, 0 = the edge vanished, below 0 = it
   * reversed; null when the in-sample mean is not positive (no edge to decay).
   */
  ratio: number | null;
}

/**
 * The average in-sample and out-of-sample scores of the configuration chosen in each split
 * (a CSCV split or a walk-forward window) and their ratio: the "performance degradation" of
 * Bailey, Borwein, Lopez de Prado and Zhu, "The Probability of Backtest Overfitting" (2017),
 * section 2.2, summarised by its means. Pairs with a non-finite score are left out.
 */
export function scoreDecay(inSample: ArrayLike<number>, outOfSample: ArrayLike<number>): ScoreDecay {
  if (inSample.length !== outOfSample.length) {
    throw new RangeError(
      `${inSample.length} in-sample scores but ${outOfSample.length} out-of-sample scores`,
    );
  }
  let count = 0;
  let sumInSample = 0;
  let sumOutOfSample = 0;
  for (let i = 0; i < inSample.length; i++) {
    if (Number.isFinite(inSample[i]) && Number.isFinite(outOfSample[i])) {
      count++;
      sumInSample += inSample[i]!;
      sumOutOfSample += outOfSample[i]!;
    }
  }
  const meanInSample = count > 0 ? sumInSample / count : Number.NaN;
  const meanOutOfSample = count > 0 ? sumOutOfSample / count : Number.NaN;
  return { meanInSample, meanOutOfSample, ratio: meanInSample > 0 ? meanOutOfSample / meanInSample : null };
}
