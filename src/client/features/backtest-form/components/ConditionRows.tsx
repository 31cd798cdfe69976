import type { Dispatch } from 'react';
import { Link } from 'react-router';
import { COMPARISON_LOGIC, CROSSOVER_LOGIC } from '../../../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS } from '../../../../shared/candlestick-patterns';
import { type CatalogueSetting, MA_TYPE_NAMES, catalogueEntry } from '../../../../shared/indicator-catalogue';
import type { Plan } from '../../../../shared/plans';
import { OptionList } from '../../../components/OptionList';
import { PATHS } from '../../../config/paths';
import type { BuilderAction } from '../form-state';
import type {
  CandlestickRowValues,
  CrossoverRowValues,
  Side,
  SettingValues,
  ValueRowValues,
} from '../form-values';
import { INDICATOR_OPTION_GROUPS, type IndicatorRowKind } from '../indicator-options';
import { UPGRADE_PLAN_NAME, indicatorOutsidePlan } from '../plan-marks';
import { InputField, Options, SelectField } from './Field';
import { IndicatorCombobox } from './IndicatorCombobox';
import styles from './BacktestForm.module.css';

interface SettingsFieldsProps {
  indicator: string;
  values: SettingValues;
  /** Path of the settings map, e.g. "entry.parameters.0.additionalFields1". */
  path: string;
  errors: Record<string, string>;
  onChange: (label: string, value: string) => void;
}

/** What a blank setting means, as the placeholder says it. */
function placeholderOf(setting: CatalogueSetting): string {
  if (setting.defaultValue === null) return 'default: each session';
  if (setting.kind === 'maType')
    return `default ${MA_TYPE_NAMES[setting.defaultValue] ?? setting.defaultValue}`;
  return `default ${setting.defaultValue}`;
}

/** The values a setting accepts (the bounds checkSettings applies). */
function boundsOf(setting: CatalogueSetting): string {
  if (setting.kind === 'maType') return `${MA_TYPE_NAMES.join(', ')} or 0 to ${setting.max}`;
  if (setting.kind === 'period') return `${setting.min} to ${setting.max} bars`;
  return `${setting.min} to ${setting.max}`;
}

/** The extra settings an indicator declares (catalogue); blank takes the default the placeholder shows. */
export function SettingsFields({ indicator, values, path, errors, onChange }: SettingsFieldsProps) {
  const settings = catalogueEntry(indicator)?.settings ?? [];
  if (settings.length === 0) return null;
  return (
    <div className={styles.settings}>
      {settings.map((setting) => (
        <InputField
          key={setting.label}
          path={`${path}.${setting.label}`}
          inputMode={setting.kind === 'period' ? 'numeric' : setting.kind === 'number' ? 'decimal' : 'text'}
          autoComplete="off"
          placeholder={placeholderOf(setting)}
          hint={boundsOf(setting)}
          error={errors[`${path}.${setting.label}`]}
          value={values[setting.label] ?? ''}
          onChange={(event) => onChange(setting.label, event.target.value)}
        />
      ))}
    </div>
  );
}

interface IndicatorFieldProps {
  kind: IndicatorRowKind;
  path: string;
  error: string | undefined;
  value: string;
  plan: Plan | null;
  onChange: (label: string) => void;
}

/**
 * A row's indicator picker. An indicator outside the plan may be chosen (a visitor tries it out);
 * its hint links to the plans, and for a signed-in user the field's error refuses it.
 */
export function IndicatorField({ kind, path, error, value, plan, onChange }: IndicatorFieldProps) {
  const outside = indicatorOutsidePlan(plan, catalogueEntry(value));
  return (
    <IndicatorCombobox
      path={path}
      error={error}
      hint={outside ? <PlanHint refused={error !== undefined} /> : undefined}
      groups={INDICATOR_OPTION_GROUPS[kind]}
      value={value}
      onChange={onChange}
      outsidePlan={(entry) => indicatorOutsidePlan(plan, entry)}
    />
  );
}

/** Under a Pro indicator: which plan runs it (unless the error says so) and where to get it. */
function PlanHint({ refused }: { refused: boolean }) {
  return (
    <>
      {!refused && `Pro indicator: running this rule needs the ${UPGRADE_PLAN_NAME} plan. `}
      <Link to={PATHS.pricing}>Compare the plans</Link>
    </>
  );
}

interface IndicatorSideProps {
  kind: IndicatorRowKind;
  /** Path of the indicator field, e.g. "entry.parameters.0.indicator1". */
  indicatorPath: string;
  /** Path of its settings map, e.g. "entry.parameters.0.additionalFields1". */
  settingsPath: string;
  indicator: string;
  settings: SettingValues;
  errors: Record<string, string>;
  plan: Plan | null;
  onIndicator: (label: string) => void;
  onSetting: (label: string, value: string) => void;
}

/** One indicator of a row: its picker and the settings it declares. */
function IndicatorSide({
  kind,
  indicatorPath,
  settingsPath,
  indicator,
  settings,
  errors,
  plan,
  onIndicator,
  onSetting,
}: IndicatorSideProps) {
  return (
    <div className={styles.rowSide}>
      <IndicatorField
        kind={kind}
        path={indicatorPath}
        error={errors[indicatorPath]}
        value={indicator}
        plan={plan}
        onChange={onIndicator}
      />
      <SettingsFields
        indicator={indicator}
        values={settings}
        path={settingsPath}
        errors={errors}
        onChange={onSetting}
      />
    </div>
  );
}

/** A row's logic select (crosses above, greater than, ...). */
function LogicField<Logic extends string>({
  path,
  errors,
  value,
  options,
  onChange,
}: {
  path: string;
  errors: Record<string, string>;
  value: Logic;
  options: readonly Logic[];
  onChange: (logic: Logic) => void;
}) {
  return (
    <SelectField
      path={path}
      error={errors[path]}
      value={value}
      onChange={(event) => onChange(event.target.value as Logic)}
    >
      <Options values={options} />
    </SelectField>
  );
}

interface RowProps<Row> {
  side: Side;
  index: number;
  row: Row;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
  /** The plan whose limits are marked (null: none, e.g. an admin). */
  plan: Plan | null;
}

/** indicator 1 <logic> indicator 2, each side with its own settings (docs/product.md#entities). */
export function CrossoverRow({ side, index, row, errors, dispatch, plan }: RowProps<CrossoverRowValues>) {
  const path = `${side}.parameters.${index}`;
  const sideFields = (which: 1 | 2) => {
    const field = which === 1 ? 'indicator1' : 'indicator2';
    const settings = which === 1 ? 'additionalFields1' : 'additionalFields2';
    return (
      <IndicatorSide
        kind="crossover"
        indicatorPath={`${path}.${field}`}
        settingsPath={`${path}.${settings}`}
        indicator={row[field]}
        settings={row[settings]}
        errors={errors}
        plan={plan}
        onIndicator={(label) => dispatch({ type: 'setCrossover', side, index, field, value: label })}
        onSetting={(label, value) =>
          dispatch({ type: 'setCrossoverSetting', side, index, which: settings, label, value })
        }
      />
    );
  };
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>Crossover {index + 1}</legend>
      <div className={styles.crossoverGrid}>
        {sideFields(1)}
        <LogicField
          path={`${path}.logic`}
          errors={errors}
          value={row.logic}
          options={CROSSOVER_LOGIC}
          onChange={(logic) => dispatch({ type: 'setCrossover', side, index, field: 'logic', value: logic })}
        />
        {sideFields(2)}
      </div>
    </fieldset>
  );
}

/** indicator <logic> number: the number is required on entry, optional on exit (docs/product.md#validation). */
export function ValueRow({ side, index, row, errors, dispatch, plan }: RowProps<ValueRowValues>) {
  const path = `${side}.valueBased.${index}`;
  const required = side === 'entry';
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>Value-based {index + 1}</legend>
      <div className={styles.valueGrid}>
        <IndicatorSide
          kind="value"
          indicatorPath={`${path}.indicator`}
          settingsPath={`${path}.additionalFields`}
          indicator={row.indicator}
          settings={row.additionalFields}
          errors={errors}
          plan={plan}
          onIndicator={(label) =>
            dispatch({ type: 'setValueRow', side, index, field: 'indicator', value: label })
          }
          onSetting={(label, value) => dispatch({ type: 'setValueSetting', side, index, label, value })}
        />
        <LogicField
          path={`${path}.logic`}
          errors={errors}
          value={row.logic}
          options={COMPARISON_LOGIC}
          onChange={(logic) => dispatch({ type: 'setValueRow', side, index, field: 'logic', value: logic })}
        />
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
}: Omit<RowProps<CandlestickRowValues>, 'side' | 'plan'>) {
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
        <OptionList
          choices={CANDLESTICK_PATTERNS.map((pattern) => ({
            value: pattern.name,
            label: pattern.description,
          }))}
        />
      </SelectField>
    </fieldset>
  );
}
