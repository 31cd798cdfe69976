import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Heatmap } from '../../../../src/client/features/backtest-robustness/components/Heatmap';
import {
  type HeatmapMetric,
  buildHeatmap,
  cellTone,
} from '../../../../src/client/features/backtest-robustness/heatmap';
import { REQUEST } from '../backtest-results/fixtures';
import { FAST, RESULT, SLOW, STOP, sharpeOf } from './fixtures';

afterEach(cleanup);

/** The heatmap of the robustness result around REQUEST, with the result's suggestion. */
const heatmapOf = (x: string, y: string, metric: HeatmapMetric) =>
  buildHeatmap(RESULT.configurations, REQUEST, RESULT.suggestion!.settings, x, y, metric);

describe('the heatmap model', () => {
  it('holds the other setting at the run’s value when the grid has it', () => {
    // The run's stop loss is 5, one of the swept values.
    const map = heatmapOf(FAST, SLOW, 'sharpe');
    expect(map.xValues).toEqual([5, 10]);
    expect(map.yValues).toEqual([15, 25]);
    expect(map.fixed).toEqual([{ path: STOP, value: 5, from: 'run' }]);
    expect(map.cells).toEqual([
      [sharpeOf(5, 15, 5), sharpeOf(10, 15, 5)],
      [sharpeOf(5, 25, 5), sharpeOf(10, 25, 5)],
    ]);
  });

  it('holds it at the suggestion’s value when the grid lacks the run’s', () => {
    // The run's slow period is 20; the grid sweeps 15 and 25 and the suggestion took 25.
    const map = heatmapOf(FAST, STOP, 'totalReturnPct');
    expect(map.fixed).toEqual([{ path: SLOW, value: 25, from: 'suggestion' }]);
    expect(map.cells).toEqual([
      [30, 35],
      [30, 35],
    ]);
  });

  it('tints by the share of the largest magnitude, losses apart from gains', () => {
    const cells = [[-2, 1, null]];
    expect(cellTone(-2, cells, 'sharpe')).toEqual({ strength: 1, tone: 'loss' });
    expect(cellTone(1, cells, 'sharpe')).toEqual({ strength: 0.5, tone: 'gain' });
    expect(cellTone(null, cells, 'sharpe').tone).toBe('none');
    expect(cellTone(0.5, [[0.5, 3]], 'profitFactor')).toEqual({ strength: 0.25, tone: 'loss' });
  });
});

describe('the heatmap', () => {
  it('writes each cell’s Sharpe ratio, says what is held fixed and follows the axis and score choices', async () => {
    const user = userEvent.setup();
    render(<Heatmap result={RESULT} request={REQUEST} />);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      [sharpeOf(5, 15, 5).toFixed(2), sharpeOf(10, 15, 5).toFixed(2)],
      [sharpeOf(5, 25, 5).toFixed(2), sharpeOf(10, 25, 5).toFixed(2)],
    ]);
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['15', '25']);
    expect(screen.getByText(/Other settings held at/).textContent).toBe(
      'Other settings held at: Stop loss distance = 5 (the run’s value).',
    );

    // Choosing the stop loss down the rows; the slow period is then held at the suggestion's 25.
    await user.selectOptions(screen.getByLabelText('Down (rows)'), STOP);
    expect(screen.getByText(/Other settings held at/).textContent).toContain(
      'Entry rule 1 · SMA (second indicator) · Timeframe = 25 (the suggestion’s value: the grid lacks the run’s)',
    );
    await user.selectOptions(screen.getByLabelText('Colour by'), 'totalReturnPct');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['30.00', '35.00', '30.00', '35.00']);
    const caption = screen.getByRole('table').getAttribute('aria-labelledby')!;
    expect(document.getElementById(caption)?.textContent).toBe(
      'Total return (%) of each configuration: Entry rule 1 · SMA (first indicator) · Timeframe across, Stop loss distance down.',
    );

    // Picking the other axis's setting swaps the two axes.
    await user.selectOptions(screen.getByLabelText('Across (columns)'), STOP);
    expect((screen.getByLabelText('Down (rows)') as HTMLSelectElement).value).toBe(FAST);
  });
});
