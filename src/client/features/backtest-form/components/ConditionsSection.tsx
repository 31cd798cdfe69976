import type { Dispatch } from 'react';
import { LIMITS } from '../../../../shared/backtest-vocabulary';
import type { Plan } from '../../../../shared/plans';
import { OptionList } from '../../../components/OptionList';
import { fieldId } from '../field-labels';
import type { BuilderAction } from '../form-state';
import type { FormValues, RowGroup, Side } from '../form-values';
import { CandlestickRow, CrossoverRow, ValueRow } from './ConditionRows';
import { SelectField } from './Field';
import forms from '../../../styles/forms.module.css';
import styles from './BacktestForm.module.css';

const MAX_ROWS: Record<RowGroup, number> = {
  parameters: LIMITS.crossoverRows,
  valueBased: LIMITS.valueRows,
  candleStick: LIMITS.candlestickRows,
};

const TITLES: Record<Side, string> = { entry: 'Entry conditions', exit: 'Exit conditions' };
const INTROS: Record<Side, string> = {
  entry: 'A position opens when the entry conditions hold on a bar’s close.',
  exit: 'A position closes when the exit conditions hold, or when an exit criterion below is met.',
};

interface ConditionsSectionProps {
  side: Side;
  values: FormValues;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
  /** The plan whose limits the indicator pickers mark (null: none). */
  plan: Plan | null;
}

/** The count selects and the condition rows of one side (docs/product.md#entities, docs/product.md#states-and-transitions). */
export function ConditionsSection({ side, values, errors, dispatch, plan }: ConditionsSectionProps) {
  const id = fieldId(side);
  const groups: RowGroup[] =
    side === 'entry' ? ['parameters', 'valueBased', 'candleStick'] : ['parameters', 'valueBased'];
  const { parameters, valueBased } = values[side];
  const candleStick = side === 'entry' ? values.entry.candleStick : [];
  const countOf = (group: RowGroup) => ({ parameters, valueBased, candleStick })[group].length;
  const sideError = errors[side];
  // What every condition row of this side is given besides its own index and values.
  const rowProps = { side, errors, dispatch, plan };

  return (
    <section
      id={id}
      tabIndex={-1}
      className={styles.card}
      aria-labelledby={`${id}-title`}
      aria-describedby={sideError ? `${id}-error` : undefined}
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {TITLES[side]}
      </h2>
      <p className={styles.intro}>{INTROS[side]} Changing a number starts that list afresh.</p>
      {sideError && (
        <p id={`${id}-error`} className={forms.error}>
          {sideError}
        </p>
      )}
      <div className={styles.counts}>
        {groups.map((group) => (
          <SelectField
            key={group}
            path={`${side}.${group}`}
            error={errors[`${side}.${group}`]}
            value={countOf(group)}
            onChange={(event) =>
              dispatch({ type: 'setCount', side, group, count: Number(event.target.value) })
            }
          >
            <OptionList
              choices={Array.from({ length: MAX_ROWS[group] + 1 }, (_, count) => ({
                value: count,
                label: String(count),
              }))}
            />
          </SelectField>
        ))}
      </div>
      {parameters.length > 0 && (
        <div className={styles.rows}>
          {parameters.map((row, index) => (
            <CrossoverRow key={index} index={index} row={row} {...rowProps} />
          ))}
        </div>
      )}
      {valueBased.length > 0 && (
        <div className={styles.rows}>
          {valueBased.map((row, index) => (
            <ValueRow key={index} index={index} row={row} {...rowProps} />
          ))}
        </div>
      )}
      {candleStick.length > 0 && (
        <div className={`${styles.rows} ${styles.candleRows}`}>
          {candleStick.map((row, index) => (
            <CandlestickRow key={index} index={index} row={row} errors={errors} dispatch={dispatch} />
          ))}
        </div>
      )}
    </section>
  );
}
