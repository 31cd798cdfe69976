import type { Dispatch } from 'react';
import { EXIT_CRITERION_TYPES, TIMEZONES, type TimezoneLabel } from '../../../../shared/backtest-vocabulary';
import type { BuilderAction } from '../form-state';
import { CRITERIA, type CriterionName, type FormValues } from '../form-values';
import { CRITERION_TYPE_LABELS, exitTimezoneLabel } from '../option-labels';
import { InputField, Options, SelectField } from './Field';
import styles from './BacktestForm.module.css';

const CRITERION_TITLES: Record<CriterionName, string> = {
  targetProfit: 'Target profit',
  stopLoss: 'Stop loss',
  trailingStopLoss: 'Trailing stop loss',
};

const VALUE_HINTS = {
  '': 'Choose a type first.',
  percentage: 'Percent of the entry price.',
  points: 'Price points from the entry price.',
} as const;

interface ExitCriteriaProps {
  values: FormValues;
  errors: Record<string, string>;
  /** Warnings by field path: shown beside the field, never blocking. */
  warnings: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
}

/** Target, stop, trailing stop (none, percentage or points) and a daily exit time (docs/product.md#entities, docs/product.md#validation). */
export function ExitCriteria({ values, errors, warnings, dispatch }: ExitCriteriaProps) {
  const { timing } = values.exitCriteria;
  return (
    <section className={styles.card} aria-labelledby="bt-exit-criteria-title">
      <h2 id="bt-exit-criteria-title" className={styles.cardTitle}>
        Exit criteria
      </h2>
      <div className={styles.criteria}>
        {CRITERIA.map((criterion) => {
          const path = `exitCriteria.${criterion}`;
          const { type, value } = values.exitCriteria[criterion];
          return (
            <fieldset key={criterion} className={styles.row}>
              <legend className={styles.rowLegend}>{CRITERION_TITLES[criterion]}</legend>
              <SelectField
                path={`${path}.type`}
                error={errors[`${path}.type`]}
                value={type}
                onChange={(event) =>
                  dispatch({ type: 'setCriterion', criterion, field: 'type', value: event.target.value })
                }
              >
                <Options values={EXIT_CRITERION_TYPES} labels={CRITERION_TYPE_LABELS} />
              </SelectField>
              <InputField
                path={`${path}.value`}
                type="number"
                step="any"
                min="0"
                disabled={type === ''}
                hint={VALUE_HINTS[type]}
                error={errors[`${path}.value`] ?? errors[path]}
                warning={warnings[`${path}.value`]}
                value={value}
                onChange={(event) =>
                  dispatch({ type: 'setCriterion', criterion, field: 'value', value: event.target.value })
                }
              />
            </fieldset>
          );
        })}
        <fieldset className={`${styles.row} ${styles.timingRow}`}>
          <legend className={styles.rowLegend}>Exit timing</legend>
          <InputField
            path="exitCriteria.timing.time"
            type="time"
            hint="Closes an open position at this time each day and opens no new one until the next session. Leave blank for none."
            error={errors['exitCriteria.timing.time']}
            value={timing.time}
            onChange={(event) => dispatch({ type: 'setTiming', field: 'time', value: event.target.value })}
          />
          <SelectField
            path="exitCriteria.timing.timezone"
            error={errors['exitCriteria.timing.timezone']}
            hint="EST, PST, CET and AEST follow daylight saving time, as does the exchange's own time where it has it."
            value={timing.timezone}
            onChange={(event) =>
              dispatch({ type: 'setTiming', field: 'timezone', value: event.target.value as TimezoneLabel })
            }
          >
            <Options
              values={TIMEZONES}
              labels={Object.fromEntries(
                TIMEZONES.map((zone) => [zone, exitTimezoneLabel(zone, values.exchange)]),
              )}
            />
          </SelectField>
        </fieldset>
      </div>
    </section>
  );
}
