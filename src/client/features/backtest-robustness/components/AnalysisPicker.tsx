import { OptionList } from '../../../components/OptionList';
import { formatDateTime } from '../../../lib/backtests/format';
import type { AnalysisListAnswer } from '../../../../shared/api/robustness';
import styles from './Robustness.module.css';

type Analysis = AnalysisListAnswer['analyses'][number];

const STATE_WORDS: Record<Analysis['state'], string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** One analysis in a line: "2026-03-12 14:05 UTC · 36 configurations · PBO 25% · done". */
export function analysisLabel(analysis: Analysis): string {
  const size = `${analysis.configurations.toLocaleString('en-US')} configuration${analysis.configurations === 1 ? '' : 's'}`;
  const pbo = analysis.pbo === null ? 'PBO not measured' : `PBO ${(analysis.pbo * 100).toFixed(0)}%`;
  return `${formatDateTime(analysis.createdAt, 'UTC')} UTC · ${size} · ${pbo} · ${STATE_WORDS[analysis.state]}`;
}

interface AnalysisPickerProps {
  /** The run's analyses, newest first. */
  analyses: Analysis[];
  /** The job of the analysis shown. */
  value: string;
  onChange: (jobId: string) => void;
}

/** The run's analyses, newest first, to open an earlier one (shown once there are several). */
export function AnalysisPicker({ analyses, value, onChange }: AnalysisPickerProps) {
  return (
    <div className={styles.controls}>
      <label>
        Analyses of this run
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          <OptionList
            choices={analyses.map((analysis) => ({ value: analysis.jobId, label: analysisLabel(analysis) }))}
          />
        </select>
      </label>
    </div>
  );
}
