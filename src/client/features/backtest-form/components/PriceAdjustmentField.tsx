import type { Dispatch } from 'react';
import { PRICE_ADJUSTMENTS } from '../../../../shared/backtest-vocabulary';
import type { BuilderAction } from '../form-state';
import type { FormValues } from '../form-values';
import { PRICE_ADJUSTMENT_LABELS } from '../option-labels';
import { Options, SelectField } from './Field';

interface PriceAdjustmentFieldProps {
  values: FormValues;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
}

/** How the provider's prices are adjusted for splits and dividends (the request's `priceAdjustment`). */
export function PriceAdjustmentField({ values, errors, dispatch }: PriceAdjustmentFieldProps) {
  return (
    <SelectField
      path="priceAdjustment"
      error={errors.priceAdjustment}
      hint="Market data only: a split otherwise reads as a crash. The sample, uploads and crypto are used as they are."
      value={values.priceAdjustment}
      onChange={(event) =>
        dispatch({ type: 'setField', field: 'priceAdjustment', value: event.target.value })
      }
    >
      <Options values={PRICE_ADJUSTMENTS} labels={PRICE_ADJUSTMENT_LABELS} />
    </SelectField>
  );
}
