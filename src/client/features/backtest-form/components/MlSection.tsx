import type { Dispatch } from 'react';
import {
  ML_BASE_FEATURES,
  ML_DEFAULTS,
  ML_LIMITS,
  ML_MODELS,
  ML_WINDOW_MODES,
} from '../../../../shared/ml-request';
import type { Plan } from '../../../../shared/plans';
import { Button } from '../../../components/Button';
import type { BuilderAction } from '../form-state';
import type { FormValues } from '../form-values';
import { BASE_FEATURE_LABELS, type MlTextField, mlFieldText, ruleFeatureNames } from '../ml-values';
import { ML_MODEL_LABELS, ML_WINDOW_LABELS } from '../option-labels';
import { IndicatorField, SettingsFields } from './ConditionRows';
import { InputField, Options, SelectField } from './Field';
import styles from './BacktestForm.module.css';
import mlStyles from './MlSection.module.css';

interface MlSectionProps {
  values: FormValues;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
  plan: Plan | null;
}

/** Each figure's one-line explanation and its default (the placeholder shows the default too). */
const FIGURES: Record<MlTextField, { hint: string; placeholder: number; inputMode: 'decimal' | 'numeric' }> =
  {
    'label.targetAtrMultiple': {
      hint: `Win when price first moves this many ATRs your way (used when the exit criteria set no target). Default ${ML_DEFAULTS.label.targetAtrMultiple}.`,
      placeholder: ML_DEFAULTS.label.targetAtrMultiple,
      inputMode: 'decimal',
    },
    'label.stopAtrMultiple': {
      hint: `Lose when price first moves this many ATRs against you (used when the exit criteria set no stop). Default ${ML_DEFAULTS.label.stopAtrMultiple}.`,
      placeholder: ML_DEFAULTS.label.stopAtrMultiple,
      inputMode: 'decimal',
    },
    'label.atrPeriod': {
      hint: `Bars of the Average True Range those multiples are of. Default ${ML_DEFAULTS.label.atrPeriod}.`,
      placeholder: ML_DEFAULTS.label.atrPeriod,
      inputMode: 'numeric',
    },
    'label.horizonBars': {
      hint: `Bars a trade has to reach either; if neither, it won when in profit then. Trades close after it too. Default ${ML_DEFAULTS.label.horizonBars}.`,
      placeholder: ML_DEFAULTS.label.horizonBars,
      inputMode: 'numeric',
    },
    'walkForward.trainBars': {
      hint: `Bars each model learns from before it predicts the next test window. Default ${ML_DEFAULTS.walkForward.trainBars}.`,
      placeholder: ML_DEFAULTS.walkForward.trainBars,
      inputMode: 'numeric',
    },
    'walkForward.testBars': {
      hint: `Bars each model predicts and trades, never having seen them. Default ${ML_DEFAULTS.walkForward.testBars}.`,
      placeholder: ML_DEFAULTS.walkForward.testBars,
      inputMode: 'numeric',
    },
    threshold: {
      hint: `Enter when the model’s probability of a win is at least this (0 to 1). Default ${ML_DEFAULTS.threshold}.`,
      placeholder: ML_DEFAULTS.threshold,
      inputMode: 'decimal',
    },
    seed: {
      hint: `Fixes the model’s random draws: the same seed gives the same result. Default ${ML_DEFAULTS.seed}.`,
      placeholder: ML_DEFAULTS.seed,
      inputMode: 'numeric',
    },
  };

/**
 * The ML block of mode "ml": model, features, label, walk-forward windows, threshold
 * and seed. Every figure may stay blank for its default, which its placeholder and hint show.
 */
export function MlSection({ values, errors, dispatch, plan }: MlSectionProps) {
  const { ml } = values;
  const figure = (field: MlTextField) => {
    const path = `ml.${field}`;
    return (
      <InputField
        path={path}
        inputMode={FIGURES[field].inputMode}
        autoComplete="off"
        placeholder={String(FIGURES[field].placeholder)}
        hint={FIGURES[field].hint}
        error={errors[path]}
        value={mlFieldText(ml, field)}
        onChange={(event) => dispatch({ type: 'setMl', field, value: event.target.value })}
      />
    );
  };
  const dropped = new Set(ml.features.drop);
  const ruleNames = ruleFeatureNames(values);
  const featureCheck = (name: string, text: string) => (
    <li key={name}>
      <label className={mlStyles.check}>
        <input
          type="checkbox"
          checked={!dropped.has(name)}
          onChange={(event) => dispatch({ type: 'setMlFeatureUsed', name, used: event.target.checked })}
        />
        <span>
          {text}
          {text !== name && <code className={mlStyles.code}>{name}</code>}
        </span>
      </label>
    </li>
  );

  return (
    <section className={styles.card} aria-labelledby="bt-ml-title">
      <h2 id="bt-ml-title" className={styles.cardTitle}>
        Machine learning
      </h2>
      <p className={styles.intro}>
        A model learns from past bars whether a trade would have reached its target before its stop, then
        trades the bars after them that it never saw. Blank fields take the default shown.
      </p>

      <div className={mlStyles.groups}>
        <fieldset className={styles.row}>
          <legend className={styles.rowLegend}>Model</legend>
          <div className={styles.grid}>
            <SelectField
              path="ml.model"
              error={errors['ml.model']}
              value={ml.model}
              hint={`Logistic regression is quick and simple; forests and boosting also catch non-linear patterns. Default: ${ML_MODEL_LABELS[ML_DEFAULTS.model]}.`}
              onChange={(event) => dispatch({ type: 'setMl', field: 'model', value: event.target.value })}
            >
              <Options values={ML_MODELS} labels={ML_MODEL_LABELS} />
            </SelectField>
            {figure('threshold')}
            {figure('seed')}
          </div>
        </fieldset>

        <fieldset className={styles.row} aria-describedby="bt-ml-features-hint">
          <legend className={styles.rowLegend}>Features</legend>
          <p id="bt-ml-features-hint" className={styles.hint}>
            What the model sees at each bar’s close. Untick a feature to leave it out.
          </p>
          <div className={mlStyles.featureLists}>
            <div>
              <h3 className={mlStyles.listTitle}>Price and volume</h3>
              <ul className={mlStyles.checks} aria-label="Price and volume features">
                {ML_BASE_FEATURES.map((name) => featureCheck(name, BASE_FEATURE_LABELS[name]))}
              </ul>
            </div>
            <div>
              <h3 className={mlStyles.listTitle}>From your rules</h3>
              {ruleNames.length > 0 ? (
                <ul className={mlStyles.checks} aria-label="Features from your rules">
                  {ruleNames.map((name) => featureCheck(name, name))}
                </ul>
              ) : (
                <p className={styles.hint}>Your entry and exit rules name no indicator or pattern.</p>
              )}
            </div>
          </div>
          {errors['ml.features.drop'] && <p className={styles.error}>{errors['ml.features.drop']}</p>}

          <h3 className={mlStyles.listTitle}>Added indicators</h3>
          {ml.features.add.length === 0 && (
            <p className={styles.hint}>
              Add indicators the rules do not use (at most {ML_LIMITS.addedIndicators}).
            </p>
          )}
          {ml.features.add.map((row, index) => {
            const path = `ml.features.add.${index}`;
            return (
              <div key={index} className={mlStyles.addedRow}>
                <div className={styles.rowSide}>
                  <IndicatorField
                    kind="value"
                    path={`${path}.indicator`}
                    error={errors[`${path}.indicator`]}
                    value={row.indicator}
                    plan={plan}
                    onChange={(label) => dispatch({ type: 'setMlIndicator', index, value: label })}
                  />
                  <SettingsFields
                    indicator={row.indicator}
                    values={row.additionalFields}
                    path={`${path}.additionalFields`}
                    errors={errors}
                    onChange={(label, value) =>
                      dispatch({ type: 'setMlIndicatorSetting', index, label, value })
                    }
                  />
                </div>
                <Button
                  variant="secondary"
                  className={mlStyles.remove}
                  onClick={() => dispatch({ type: 'removeMlIndicator', index })}
                >
                  Remove<span className="visually-hidden"> added indicator {index + 1}</span>
                </Button>
              </div>
            );
          })}
          {errors['ml.features.add'] && <p className={styles.error}>{errors['ml.features.add']}</p>}
          {ml.features.add.length < ML_LIMITS.addedIndicators && (
            <div>
              <Button variant="secondary" onClick={() => dispatch({ type: 'addMlIndicator' })}>
                Add an indicator
              </Button>
            </div>
          )}
        </fieldset>

        <fieldset className={styles.row}>
          <legend className={styles.rowLegend}>Label: did a trade win?</legend>
          <div className={styles.grid}>
            {figure('label.targetAtrMultiple')}
            {figure('label.stopAtrMultiple')}
            {figure('label.atrPeriod')}
            {figure('label.horizonBars')}
          </div>
        </fieldset>

        <fieldset className={styles.row}>
          <legend className={styles.rowLegend}>Walk-forward windows</legend>
          <div className={styles.grid}>
            {figure('walkForward.trainBars')}
            {figure('walkForward.testBars')}
            <SelectField
              path="ml.walkForward.window"
              error={errors['ml.walkForward.window']}
              value={ml.walkForward.window}
              hint={`Rolling forgets old bars; anchored keeps learning from the first one. Default: ${ML_DEFAULTS.walkForward.window}.`}
              onChange={(event) =>
                dispatch({ type: 'setMl', field: 'walkForward.window', value: event.target.value })
              }
            >
              <Options values={ML_WINDOW_MODES} labels={ML_WINDOW_LABELS} />
            </SelectField>
          </div>
        </fieldset>
      </div>
    </section>
  );
}
