/**
 * Beside the trades of a run on ticks: how many trades it read, how many exits their order
 * decided inside a bar, and how many trades exit otherwise than the bar convention would have
 * them (docs/conventions.md#fills-with-ticks). Nothing for a run on bars.
 */
import type { IntrabarSummary } from '../../../../shared/api/backtests';
import { formatCount } from '../../../lib/backtests/format';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export function IntrabarNote({ intrabar }: { intrabar: IntrabarSummary | undefined }) {
  if (intrabar === undefined) return null;
  const { ticks, exitsDecidedByTicks, changedFromBars } = intrabar;
  return (
    <p>
      Exits found in ticks: {plural(ticks, 'trade', 'trades')} read.{' '}
      {plural(exitsDecidedByTicks, 'exit was', 'exits were')} decided by the order of the trades inside a bar;{' '}
      {plural(changedFromBars, 'trade exits', 'trades exit')} otherwise than on bars, which take the stop when
      a bar reaches both the stop and the target.
    </p>
  );
}
