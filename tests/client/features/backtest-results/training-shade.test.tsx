import { describe, expect, it } from 'vitest';
import {
  TRAINING_SHADE_OPTIONS,
  toChartTime,
  trainingShade,
  trainingShadeAutoscale,
  trainingShadeColor,
} from '../../../../src/client/features/backtest-results/chart-data';
import { ML_CANDLES, ML_RUN } from './ml-fixtures';

const HOUR = 3_600_000;
const times = Array.from({ length: 10 }, (_, row) => Date.UTC(2024, 0, 1) + row * HOUR);
const iso = (row: number) => new Date(times[row]!).toISOString();

describe('trainingShade', () => {
  it('shades the bars inside the windows, both ends included, darker where windows overlap', () => {
    const points = trainingShade(times, [
      { from: iso(1), to: iso(4) },
      { from: iso(3), to: iso(6) },
    ]);
    expect(points.map((point) => ('topColor' in point ? point.topColor : null))).toEqual([
      null,
      trainingShadeColor(1),
      trainingShadeColor(1),
      trainingShadeColor(2),
      trainingShadeColor(2),
      trainingShadeColor(1),
      trainingShadeColor(1),
      null,
      null,
      null,
    ]);
    expect(points.map((point) => point.time)).toEqual(times.map(toChartTime));
    expect(trainingShadeColor(2)).not.toBe(trainingShadeColor(1));
    // However many folds overlap, the candles stay readable.
    expect(trainingShadeColor(50)).toBe(trainingShadeColor(5));
  });

  it('leaves out the warm-up rows before `start`', () => {
    const points = trainingShade(times, [{ from: iso(0), to: iso(9) }], 4);
    expect(points).toHaveLength(6);
    expect(points[0]!.time).toBe(toChartTime(times[4]!));
  });

  it('covers exactly the training rows of a real ML run', () => {
    const report = ML_RUN.result.ml!;
    const points = trainingShade(ML_CANDLES.candles.t, report.trainingWindows);
    const shaded = points.flatMap((point, row) => ('value' in point ? [row] : []));
    const expected = new Set(
      report.folds.flatMap((fold) =>
        Array.from({ length: fold.trainTo - fold.trainFrom }, (_, k) => fold.trainFrom + k),
      ),
    );
    expect(shaded).toEqual([...expected].sort((a, b) => a - b));
  });
});

describe('the training band and the price scale', () => {
  it('lies on a scale of its own that spans 0 to 1 whatever the prices, so the candles keep theirs', () => {
    // Candles go on lightweight-charts' default scale, 'right'; 'left' is the other visible one.
    expect(['right', 'left']).not.toContain(TRAINING_SHADE_OPTIONS.priceScaleId);
    const prices = () => ({ priceRange: { minValue: 4105.5, maxValue: 4796.25 } });
    expect(TRAINING_SHADE_OPTIONS.autoscaleInfoProvider).toBe(trainingShadeAutoscale);
    expect(trainingShadeAutoscale(prices)).toEqual({
      priceRange: { minValue: 0, maxValue: 1 },
    });
    // The band is drawn at 1 on that scale: never a value near the prices or at 0.
    const values = trainingShade(ML_CANDLES.candles.t, ML_RUN.result.ml!.trainingWindows).flatMap((point) =>
      'value' in point ? [point.value] : [],
    );
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values)).toEqual(new Set([1]));
  });
});
