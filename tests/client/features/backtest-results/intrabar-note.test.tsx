import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntrabarNote } from '../../../../src/client/features/backtest-results/components/IntrabarNote';

describe('the note on exits found in ticks', () => {
  it('says how many trades were read and how many exits their order decided and changed', () => {
    render(
      <IntrabarNote
        intrabar={{ mode: 'ticks', ticks: 1_234_567, exitsDecidedByTicks: 42, changedFromBars: 1 }}
      />,
    );
    expect(screen.getByText(/^Exits found in ticks/).textContent).toBe(
      'Exits found in ticks: 1,234,567 trades read. 42 exits were decided by the order of the trades ' +
        'inside a bar; 1 trade exits otherwise than on bars, which take the stop when a bar reaches ' +
        'both the stop and the target.',
    );
  });

  it('says nothing for a run on bars', () => {
    const { container } = render(<IntrabarNote intrabar={undefined} />);
    expect(container.textContent).toBe('');
  });
});
