import { type Dispatch, type ReactNode, useState } from 'react';
import { COMBINE_MODES, INTRABAR_MODES, MODES, SIZING_MODES } from '../../../../shared/backtest-vocabulary';
import type { BuilderAction, PlainField } from '../form-state';
import type { FormValues } from '../form-values';
import { COMMISSION_PRESETS } from '../../../../shared/commission-presets';
import {
  COMBINE_LABELS,
  INTRABAR_LABELS,
  MODE_LABELS,
  SIZING_LABELS,
  SIZING_VALUE_HINTS,
} from '../option-labels';
import { PriceAdjustmentField } from './PriceAdjustmentField';
import { InputField, Options, SelectField } from './Field';
import { useAuth } from '../../../lib/auth/auth-context';
import { builderPlan, intrabarHint, ticksOutsidePlan } from '../plan-marks';
import styles from './BacktestForm.module.css';

/** The request paths this panel holds: an error at one of them opens it. */
export const ADVANCED_PATHS = [
  'initialCapital',
  'commission',
  'slippage',
  'entry.combine',
  'exit.combine',
  'sizing',
  'sizingValue',
  'mode',
  'intrabar',
];

interface AdvancedOptionsProps {
  values: FormValues;
  errors: Record<string, string>;
  /** Warnings by field path: shown beside the field, never blocking. */
  warnings: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
  /** A link to the plans, shown with the ML note. */
  pricingLink: ReactNode;
}

/** The preset whose figure the commission field holds, if any. */
function presetOf(commission: string) {
  return COMMISSION_PRESETS.find((preset) => String(preset.commissionPct) === commission.trim());
}

/** Capital, costs, how rows combine, sizing and mode (docs/conventions.md#money): all defaulted, so collapsed. */
export function AdvancedOptions({ values, errors, warnings, dispatch, pricingLink }: AdvancedOptionsProps) {
  // Admins (no plan) and Professional or Enterprise users run ML: the upgrade notice is not theirs.
  const plan = builderPlan(useAuth().user);
  const mlInPlan = plan === null || plan.limits.mlBacktesting;
  const ticksLocked = ticksOutsidePlan(plan);
  const ticksHint = intrabarHint(plan, values.intrabar);
  const [expanded, setExpanded] = useState(false);
  const hasErrors = ADVANCED_PATHS.some((path) => errors[path]);
  const open = expanded || hasErrors;
  const set = (field: PlainField) => (event: { target: { value: string } }) =>
    dispatch({ type: 'setField', field, value: event.target.value });

  return (
    <section className={styles.card} aria-labelledby="bt-advanced-title">
      <h2 id="bt-advanced-title" className={styles.disclosureTitle}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={open}
          aria-controls="bt-advanced"
          onClick={() => setExpanded(!open)}
        >
          <span className={styles.chevron} aria-hidden="true" />
          Advanced options
        </button>
      </h2>
      {!open && (
        <p className={styles.intro}>
          Initial capital, commission, slippage, how conditions combine, sizing, ML mode and intrabar
          precision. The defaults suit most backtests.
        </p>
      )}
      <div id="bt-advanced" hidden={!open} className={styles.advancedBody}>
        {open && (
          <div className={styles.grid}>
            <InputField
              path="initialCapital"
              type="number"
              step="any"
              min="0"
              error={errors.initialCapital}
              value={values.initialCapital}
              onChange={set('initialCapital')}
            />
            <InputField
              path="commission"
              type="number"
              step="any"
              min="0"
              error={errors.commission}
              warning={warnings.commission}
              value={values.commission}
              hint={presetOf(values.commission)?.basis}
              onChange={set('commission')}
            />
            <SelectField
              path="commissionPreset"
              value={presetOf(values.commission)?.id ?? ''}
              hint="Fills in the commission with a broker’s charges as a percent per side (2024 schedules)."
              onChange={(event) => {
                const preset = COMMISSION_PRESETS.find((p) => p.id === event.target.value);
                if (preset)
                  dispatch({ type: 'setField', field: 'commission', value: String(preset.commissionPct) });
              }}
            >
              <option value="">Custom</option>
              {COMMISSION_PRESETS.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.label} ({preset.commissionPct}%)
                </option>
              ))}
            </SelectField>
            <InputField
              path="slippage"
              type="number"
              step="any"
              min="0"
              error={errors.slippage}
              warning={warnings.slippage}
              value={values.slippage}
              onChange={set('slippage')}
            />
            {(['entry', 'exit'] as const).map((side) => (
              <SelectField
                key={side}
                path={`${side}.combine`}
                error={errors[`${side}.combine`]}
                value={values[side].combine}
                onChange={(event) =>
                  dispatch({
                    type: 'setCombine',
                    side,
                    value: event.target.value as FormValues['entry']['combine'],
                  })
                }
              >
                <Options values={COMBINE_MODES} labels={COMBINE_LABELS} />
              </SelectField>
            ))}
            <PriceAdjustmentField values={values} errors={errors} dispatch={dispatch} />
            <SelectField path="sizing" error={errors.sizing} value={values.sizing} onChange={set('sizing')}>
              <Options values={SIZING_MODES} labels={SIZING_LABELS} />
            </SelectField>
            {SIZING_VALUE_HINTS[values.sizing] && (
              <InputField
                path="sizingValue"
                type="number"
                step="any"
                min="0"
                error={errors.sizingValue}
                value={values.sizingValue}
                hint={SIZING_VALUE_HINTS[values.sizing]}
                onChange={set('sizingValue')}
              />
            )}
            <SelectField
              path="mode"
              error={errors.mode}
              value={values.mode}
              hint={
                values.mode === 'ml' && !mlInPlan ? (
                  <>Machine-learning backtests need the Pro or Enterprise plan. {pricingLink}</>
                ) : undefined
              }
              onChange={set('mode')}
            >
              <Options values={MODES} labels={MODE_LABELS} />
            </SelectField>
            <SelectField
              path="intrabar"
              error={errors.intrabar}
              value={values.intrabar}
              hint={ticksHint}
              onChange={set('intrabar')}
            >
              {INTRABAR_MODES.map((mode) => (
                // Locked with its reason (the hint) on a plan without tick data, unless a loaded
                // run already holds it: the worker then answers 402 naming Enterprise.
                <option
                  key={mode}
                  value={mode}
                  disabled={mode === 'ticks' && ticksLocked && values.intrabar !== 'ticks'}
                >
                  {INTRABAR_LABELS[mode]}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </div>
    </section>
  );
}
