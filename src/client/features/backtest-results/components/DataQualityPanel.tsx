import type { DataQuality } from '../../../../shared/api/backtests';
import { sourceLabel } from '../../../lib/backtests/labels';
import styles from './DataQualityPanel.module.css';

const ADJUSTMENT_TEXT: Record<DataQuality['adjustment'], string> = {
  'splits-and-dividends': 'splits and dividends',
  splits: 'splits only',
  none: 'none (as traded)',
};

const count = (n: number) => n.toLocaleString('en-US');

/** The "Data" panel: what the bars behind the run are worth (absent for runs stored before it). */
export function DataQualityPanel({ quality }: { quality: DataQuality | undefined }) {
  if (!quality) return null;
  const rows: [string, string][] = [
    ['Bars tested', count(quality.bars)],
    ['Tested span', quality.firstBar ? `${quality.firstBar} to ${quality.lastBar}` : 'no bars'],
    ['Source', sourceLabel(quality.source)],
    ['Adjustment', ADJUSTMENT_TEXT[quality.adjustment]],
    ['Missing sessions', count(quality.missingSessions)],
    ['Duplicates dropped', count(quality.duplicatesDropped)],
    ['Bars without volume', count(quality.zeroVolumeBars)],
    [
      'Suspect jumps',
      quality.suspectJumps.length === 0
        ? 'none'
        : quality.suspectJumps.map((jump) => `${jump.date} (${jump.changePct.toFixed(1)}%)`).join(', '),
    ],
  ];
  return (
    <section className={styles.panel} aria-labelledby="data-quality-title">
      <h2 id="data-quality-title" className={styles.title}>
        Data
      </h2>
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
