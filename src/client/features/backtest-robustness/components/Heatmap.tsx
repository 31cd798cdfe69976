import { type CSSProperties, useId, useState } from 'react';
import type { BacktestRequest } from '../../../../shared/backtest-request';
import type { RobustnessResult } from '../../../../shared/api/robustness';
import { OptionList } from '../../../components/OptionList';
import { HEATMAP_METRICS, type HeatmapMetric, buildHeatmap, cellTone, sweptAxes } from '../heatmap';
import { settingLabel } from '../settings';
import styles from './Robustness.module.css';

interface HeatmapProps {
  result: RobustnessResult;
  request: BacktestRequest;
}

const formatCell = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** A labelled select of the heatmap's controls. */
function ChoiceSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as Value)}>
        <OptionList choices={options} />
      </select>
    </label>
  );
}

/**
 * Two swept settings against each other, one table cell per pair with its score written in it
 * and tinted by it (green above break-even, red below).
 */
export function Heatmap({ result, request }: HeatmapProps) {
  const axes = sweptAxes(result.configurations);
  const [x, setX] = useState(axes[0]?.path ?? '');
  const [y, setY] = useState(axes[1]?.path ?? axes[0]?.path ?? '');
  const [metric, setMetric] = useState<HeatmapMetric>('sharpe');
  const id = useId();
  if (axes.length === 0) return null;

  const single = axes.length === 1;
  const map = buildHeatmap(
    result.configurations,
    request,
    result.suggestion?.settings ?? null,
    x,
    single ? x : y,
    metric,
  );
  const rows = single ? [map.yValues[0]!] : map.yValues;
  const cells = single ? [map.cells.map((row, index) => row[index] ?? null)] : map.cells;
  const metricLabel = HEATMAP_METRICS.find((entry) => entry.id === metric)!.label;
  const axisOptions = axes.map((axis) => ({ value: axis.path, label: settingLabel(request, axis.path) }));
  // The axes stay two different settings: picking the other axis's setting swaps them.
  const chooseX = (path: string) => {
    if (path === y) setY(x);
    setX(path);
  };
  const chooseY = (path: string) => {
    if (path === x) setX(y);
    setY(path);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.card}>
      <h3 id={`${id}-title`}>Heatmap of the sweep</h3>
      <div className={styles.controls}>
        <ChoiceSelect label="Across (columns)" value={x} options={axisOptions} onChange={chooseX} />
        {!single && <ChoiceSelect label="Down (rows)" value={y} options={axisOptions} onChange={chooseY} />}
        <ChoiceSelect
          label="Colour by"
          value={metric}
          options={HEATMAP_METRICS.map((entry) => ({ value: entry.id, label: entry.label }))}
          onChange={setMetric}
        />
      </div>
      <p id={`${id}-caption`} className={styles.note}>
        {metricLabel} of each configuration: {settingLabel(request, x)} across
        {single ? '' : `, ${settingLabel(request, y)} down`}.
      </p>
      {/* Focusable, so a keyboard can scroll a grid wider than a phone. */}
      <div className={styles.tableScroll} tabIndex={0} role="group" aria-labelledby={`${id}-caption`}>
        <table className={styles.heatmap} aria-labelledby={`${id}-caption`}>
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                {!single && (
                  <>
                    <span aria-hidden="true">↓ rows · columns →</span>
                    <span className="visually-hidden">
                      {settingLabel(request, y)} down, {settingLabel(request, x)} across
                    </span>
                  </>
                )}
              </th>
              {map.xValues.map((value) => (
                <th key={String(value)} scope="col">
                  {value}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((rowValue, row) => (
              <tr key={String(rowValue)}>
                <th scope="row">{single ? metricLabel : rowValue}</th>
                {cells[row]!.map((value, column) => {
                  const { strength, tone } = cellTone(value, cells, metric);
                  return (
                    <td
                      key={column}
                      className={tone === 'none' ? undefined : styles[tone]}
                      style={{ '--strength': `${Math.round(strength * 70)}%` } as CSSProperties}
                    >
                      {formatCell(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {map.fixed.length > 0 && (
        <p className={styles.note}>
          Other settings held at:{' '}
          {map.fixed
            .map(
              (setting) =>
                `${settingLabel(request, setting.path)} = ${setting.value} (${
                  setting.from === 'run'
                    ? 'the run’s value'
                    : 'the suggestion’s value: the grid lacks the run’s'
                })`,
            )
            .join('; ')}
          .
        </p>
      )}
    </section>
  );
}
