import type { Dispatch } from 'react';
import { COMPARISON_LOGIC, CROSSOVER_LOGIC } from '../../../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS } from '../../../../shared/candlestick-patterns';
import {
  CROSSOVER_INDICATOR_LABELS,
  type CrossoverIndicatorLabel,
  VALUE_INDICATOR_LABELS,
  type ValueIndicatorLabel,
  indicatorSettings,
} from '../../../../shared/indicators';
import type { BuilderAction } from '../form-state';
import type {
  CandlestickRowValues,
  CrossoverRowValues,
  Side,
  SettingValues,
  ValueRowValues,
} from '../form-values';
import { InputField, Options, SelectField } from './Field';
import styles from './BacktestForm.module.css';

interface SettingsFieldsProps {
  indicator: string;
  values: SettingValues;
  /** Path of the settings map, e.g. "entry.parameters.0.additionalFields1". */
  path: string;
  errors: Record<string, string>;
  onChange: (label: string, value: string) => void;
}

/** The extra settings an indicator declares; blank takes the default the placeholder shows. */
function SettingsFields({ indicator, values, path, errors, onChange }: SettingsFieldsProps) {
  const settings = indicatorSettings(indicator);
  if (settings.length === 0) return null;
  return (
    <div className={styles.settings}>
      {settings.map((setting) => (
        <InputField
          key={setting.label}
          path={`${path}.${setting.label}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={
            setting.defaultValue === null ? 'default: each session' : `default ${setting.defaultValue}`
          }
          error={errors[`${path}.${setting.label}`]}
          value={values[setting.label] ?? ''}
          onChange={(event) => onChange(setting.label, event.target.value)}
        />
      ))}
    </div>
  );
}

interface RowProps<Row> {
  side: Side;
  index: number;
  row: Row;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
}

/** indicator 1 <logic> indicator 2, each side with its own settings (spec 3). */
export function CrossoverRow({ side, index, row, errors, dispatch }: RowProps<CrossoverRowValues>) {
  const path = `${side}.parameters.${index}`;
  const sideFields = (which: 1 | 2) => {
    const indicator = which === 1 ? row.indicator1 : row.indicator2;
    const settings = which === 1 ? 'additionalFields1' : 'additionalFields2';
    const field = which === 1 ? 'indicator1' : 'indicator2';
    return (
      <div className={styles.rowSide}>
        <SelectField
          path={`${path}.${field}`}
          error={errors[`${path}.${field}`]}
          value={indicator}
          onChange={(event) =>
            dispatch({
              type: 'setCrossover',
              side,
              index,
              field,
              value: event.target.value as CrossoverIndicatorLabel,
            })
          }
        >
          <Options values={CROSSOVER_INDICATOR_LABELS} />
        </SelectField>
        <SettingsFields
          indicator={indicator}
          values={row[settings]}
          path={`${path}.${settings}`}
          errors={errors}
          onChange={(label, value) =>
            dispatch({ type: 'setCrossoverSetting', side, index, which: settings, label, value })
          }
        />
      </div>
    );
  };
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>Crossover {index + 1}</legend>
      <div className={styles.crossoverGrid}>
        {sideFields(1)}
        <SelectField
          path={`${path}.logic`}
          error={errors[`${path}.logic`]}
          value={row.logic}
          onChange={(event) =>
            dispatch({
              type: 'setCrossover',
              side,
              index,
              field: 'logic',
              value: event.target.value as CrossoverRowValues['logic'],
            })
          }
        >
          <Options values={CROSSOVER_LOGIC} />
        </SelectField>
        {sideFields(2)}
      </div>
    </fieldset>
  );
}

/** indicator <logic> number: the number is required on entry, optional on exit (spec 5). */
export function ValueRow({ side, index, row, errors, dispatch }: RowProps<ValueRowValues>) {
  const path = `${side}.valueBased.${index}`;
  const required = side === 'entry';
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>Value-based {index + 1}</legend>
      <div className={styles.valueGrid}>
        <div className={styles.rowSide}>
          <SelectField
            path={`${path}.indicator`}
            error={errors[`${path}.indicator`]}
            value={row.indicator}
            onChange={(event) =>
              dispatch({
                type: 'setValueRow',
                side,
                index,
                field: 'indicator',
                value: event.target.value as ValueIndicatorLabel,
              })
            }
          >
            <Options values={VALUE_INDICATOR_LABELS} />
          </SelectField>
          <SettingsFields
            indicator={row.indicator}
            values={row.additionalFields}
            path={`${path}.additionalFields`}
            errors={errors}
            onChange={(label, value) => dispatch({ type: 'setValueSetting', side, index, label, value })}
          />
        </div>
        <SelectField
          path={`${path}.logic`}
          error={errors[`${path}.logic`]}
          value={row.logic}
          onChange={(event) =>
            dispatch({
              type: 'setValueRow',
              side,
              index,
              field: 'logic',
              value: event.target.value as ValueRowValues['logic'],
            })
          }
        >
          <Options values={COMPARISON_LOGIC} />
        </SelectField>
        <InputField
          path={`${path}.number`}
          type="number"
          step="any"
          required={required}
          aria-required={required}
          hint={required ? undefined : 'Optional: a row left blank is ignored.'}
          error={errors[`${path}.number`]}
          value={row.number}
          onChange={(event) =>
            dispatch({ type: 'setValueRow', side, index, field: 'number', value: event.target.value })
          }
        />
      </div>
    </fieldset>
  );
}

/** A candlestick pattern on the signal bar (entry only). */
export function CandlestickRow({
  index,
  row,
  errors,
  dispatch,
}: Omit<RowProps<CandlestickRowValues>, 'side'>) {
  const path = `entry.candleStick.${index}.pattern1`;
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>Candlestick {index + 1}</legend>
      <SelectField
        path={path}
        error={errors[path]}
        value={row.pattern1}
        onChange={(event) =>
          dispatch({
            type: 'setCandlestick',
            index,
            pattern: event.target.value as CandlestickRowValues['pattern1'],
          })
        }
      >
        {CANDLESTICK_PATTERNS.map((pattern) => (
          <option key={pattern.name} value={pattern.name}>
            {pattern.description}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
