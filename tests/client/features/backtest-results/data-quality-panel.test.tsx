import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataQualityPanel } from '../../../../src/client/features/backtest-results/components/DataQualityPanel';

describe('the Data panel', () => {
  it('lists what the bars behind the run are worth, and nothing for runs stored before it', () => {
    const { container } = render(<DataQualityPanel quality={undefined} />);
    expect(container.textContent).toBe('');
    render(
      <DataQualityPanel
        quality={{
          bars: 1234,
          source: 'provider',
          adjustment: 'splits-and-dividends',
          duplicatesDropped: 2,
          missingSessions: 3,
          zeroVolumeBars: 0,
          suspectJumps: [{ date: '2020-03-16', changePct: -11.98 }],
          firstBar: '2019-01-02',
          lastBar: '2020-04-17',
        }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Data' });
    const rows = within(panel)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Bars tested: 1,234',
      'Tested span: 2019-01-02 to 2020-04-17',
      'Source: Market data',
      'Adjustment: splits and dividends',
      'Missing sessions: 3',
      'Duplicates dropped: 2',
      'Bars without volume: 0',
      'Suspect jumps: 2020-03-16 (-12.0%)',
    ]);
  });
});
