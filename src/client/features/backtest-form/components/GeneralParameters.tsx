import type { Dispatch } from 'react';
import { TIMEFRAMES, TRANSACTION_TYPES, type Timeframe } from '../../../../shared/backtest-vocabulary';
import type { Plan } from '../../../../shared/plans';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { OptionList } from '../../../components/OptionList';
import { SegmentedControl } from '../../../components/SegmentedControl';
import type { Dataset } from '../../../../shared/api/datasets';
import {
  SAMPLE_EXCHANGE,
  SAMPLE_EXCHANGE_LABEL,
  SAMPLE_RANGE,
  SAMPLE_TIMEFRAME,
  UPLOAD_EXCHANGE,
  datasetRange,
  datasetTimeframe,
  describeDataset,
  isLocalSource,
} from '../data-sources';
import type { BuilderAction } from '../form-state';
import type { FormValues } from '../form-values';
import type { useMarketLists } from '../hooks/useMarketLists';
import { PORTFOLIO_SOURCE } from '../portfolio-source';
import { TRANSACTION_TYPE_LABELS } from '../option-labels';
import { dateHints, exchangeOutsidePlan, exchangeOutsidePlanHint, minuteBarsHint } from '../plan-marks';
import { InputField, SelectField } from './Field';
import { MarketDataNote } from './MarketDataNote';
import { UserDatasets } from './UserDatasets';
import styles from './BacktestForm.module.css';

interface GeneralParametersProps {
  values: FormValues;
  errors: Record<string, string>;
  dispatch: Dispatch<BuilderAction>;
  lists: ReturnType<typeof useMarketLists>;
  /** Only signed-in users have datasets of their own to upload and delete. */
  signedIn: boolean;
  /** The plan whose limits the exchange select and the date hints show (null: none). */
  plan: Plan | null;
}

/** The fixed bars of the sample or of an upload: its timeframe, dates and a sentence about it. */
function fixedData(values: FormValues, upload: Dataset | undefined) {
  if (values.exchange === SAMPLE_EXCHANGE) {
    return {
      timeframe: SAMPLE_TIMEFRAME,
      range: SAMPLE_RANGE,
      note: `The S&P 500 sample has daily bars from ${SAMPLE_RANGE.from} to ${SAMPLE_RANGE.to}.`,
    };
  }
  if (!upload) return null;
  return {
    timeframe: datasetTimeframe(upload),
    range: datasetRange(upload),
    note: `${describeDataset(upload)}.`,
  };
}

function portfolioItems(lists: GeneralParametersProps['lists']) {
  const choices = lists.stocksOf(PORTFOLIO_SOURCE);
  return choices.status === 'ready' ? choices.items : [];
}

/** Unique banner texts, errors first (docs/product.md#errors-and-messages). */
function bannersOf(lists: GeneralParametersProps['lists']) {
  const errors = new Set<string>();
  const warnings = new Set<string>();
  for (const list of [lists.exchanges, lists.stocks]) {
    if (list.status !== 'ready') continue;
    if (list.error) errors.add(list.error);
    if (list.warning) warnings.add(list.warning);
  }
  return { errors: [...errors], warnings: [...warnings] };
}

/** Exchange and stock, dates, timeframe and direction (docs/product.md#entities, docs/product.md#states-and-transitions). */
export function GeneralParameters({
  values,
  errors,
  dispatch,
  lists,
  signedIn,
  plan,
}: GeneralParametersProps) {
  const { exchanges, stocks, datasets } = lists;
  const portfolioCount = portfolioItems(lists).length;
  const selectedUpload =
    values.exchange === UPLOAD_EXCHANGE ? datasets.find((item) => item.id === values.stock) : undefined;
  const fixed = fixedData(values, selectedUpload);
  // The provider's banners speak of the market lists: the sample and uploads do not use them.
  const banners = isLocalSource(values.exchange) ? { errors: [], warnings: [] } : bannersOf(lists);
  const exchangesLoading = exchanges.status === 'loading';
  const stocksLoading = values.exchange !== '' && stocks.status === 'loading';
  const marketCodes = exchanges.status === 'ready' ? exchanges.items.map((item) => item.code) : [];
  const knownExchange =
    values.exchange === '' ||
    marketCodes.includes(values.exchange) ||
    values.exchange === SAMPLE_EXCHANGE ||
    (values.exchange === UPLOAD_EXCHANGE && datasets.length > 0) ||
    (values.exchange === PORTFOLIO_SOURCE && portfolioCount > 0);
  const stockItems = stocks.status === 'ready' ? stocks.items : [];
  // History depth and delay apply to the provider's data only: not to the sample, uploads or the
  // fallback (whose exchange list comes with an error banner).
  const providerData =
    exchanges.status === 'ready' && !exchanges.error && !exchanges.note && !isLocalSource(values.exchange);
  const dates = providerData ? dateHints(plan, new Date().toISOString().slice(0, 10)) : {};
  const exchangeHint = values.exchange === '' ? undefined : exchangeOutsidePlanHint(plan, values.exchange);
  const knownStock = values.stock === '' || stockItems.some((item) => item.code === values.stock);

  /** An uploaded dataset brings its timeframe and its first and last day into the form. */
  function uploadSettings(id: string) {
    const dataset = datasets.find((item) => item.id === id);
    if (!dataset) return {};
    const range = datasetRange(dataset);
    return { timeframe: datasetTimeframe(dataset), dates: { fromDate: range.from, toDate: range.to } };
  }

  function chooseExchange(code: string) {
    const known = lists.stocksOf(code);
    const first = known.status === 'ready' ? (known.items[0]?.code ?? '') : '';
    const settings: { timeframe?: Timeframe } =
      code === SAMPLE_EXCHANGE
        ? { timeframe: SAMPLE_TIMEFRAME }
        : code === UPLOAD_EXCHANGE
          ? uploadSettings(first)
          : {};
    dispatch({ type: 'selectExchange', exchange: code, stock: first, ...settings });
  }

  function chooseStock(code: string) {
    dispatch({
      type: 'selectStock',
      stock: code,
      ...(values.exchange === UPLOAD_EXCHANGE ? uploadSettings(code) : {}),
    });
  }

  let stockPlaceholder: string | null = null;
  if (values.exchange === '') stockPlaceholder = 'Choose an exchange first';
  else if (stocksLoading) stockPlaceholder = 'Loading stocks...';
  else if (stocks.status === 'failed') stockPlaceholder = 'The stocks could not be loaded';
  else if (stockItems.length === 0) stockPlaceholder = 'No stocks available for this exchange';

  return (
    <section className={styles.card} aria-labelledby="bt-general-title">
      <h2 id="bt-general-title" className={styles.cardTitle}>
        General parameters
      </h2>
      {banners.errors.map((text) => (
        <Alert key={text} tone="error">
          {text}
        </Alert>
      ))}
      {banners.warnings.map((text) => (
        <Alert key={text} tone="warning">
          {text}
        </Alert>
      ))}
      <MarketDataNote lists={lists} exchange={values.exchange} />
      {exchanges.status === 'failed' && (
        <Alert tone="error">
          <span className={styles.alertLine}>
            The exchanges could not be loaded: {exchanges.message}
            <Button variant="secondary" onClick={lists.retryExchanges}>
              Retry
            </Button>
          </span>
        </Alert>
      )}
      {stocks.status === 'failed' && values.exchange !== '' && (
        <Alert tone="error">
          <span className={styles.alertLine}>
            The stocks of {values.exchange} could not be loaded: {stocks.message}
            <Button variant="secondary" onClick={lists.retryStocks}>
              Retry
            </Button>
          </span>
        </Alert>
      )}
      <div className={styles.grid}>
        <SelectField
          path="exchange"
          error={errors.exchange}
          hint={exchangeHint}
          disabled={exchangesLoading}
          value={exchangesLoading ? '' : values.exchange}
          onChange={(event) => chooseExchange(event.target.value)}
        >
          {exchangesLoading ? (
            <option value="">Loading exchanges...</option>
          ) : (
            <>
              {values.exchange === '' && <option value="">Choose an exchange</option>}
              {!knownExchange && <option value={values.exchange}>{values.exchange}</option>}
              {exchanges.status === 'ready' && exchanges.items.length > 0 && (
                <optgroup label="Market data">
                  {exchanges.items.map((item) => (
                    <option key={item.code} value={item.code}>
                      {item.name} ({item.code}){exchangeOutsidePlan(plan, item.code) ? ' · Pro' : ''}
                    </option>
                  ))}
                </optgroup>
              )}
              <optgroup label="Sample data">
                <option value={SAMPLE_EXCHANGE}>{SAMPLE_EXCHANGE_LABEL}</option>
              </optgroup>
              {datasets.length > 0 && (
                <optgroup label="Your uploaded data">
                  <option value={UPLOAD_EXCHANGE}>Your uploaded datasets ({datasets.length})</option>
                </optgroup>
              )}
              {portfolioCount > 0 && (
                <optgroup label="Your portfolios">
                  <option value={PORTFOLIO_SOURCE}>Portfolio ({portfolioCount})</option>
                </optgroup>
              )}
            </>
          )}
        </SelectField>
        <SelectField
          path="stock"
          error={errors.stock}
          disabled={values.exchange === '' || stocksLoading || stocks.status === 'failed'}
          value={stocksLoading ? '' : values.stock}
          onChange={(event) => chooseStock(event.target.value)}
        >
          {stockPlaceholder !== null && (stockItems.length === 0 || values.stock === '') && (
            <option value="">{stockPlaceholder}</option>
          )}
          {!stocksLoading && !knownStock && <option value={values.stock}>{values.stock}</option>}
          {!stocksLoading && (
            <OptionList choices={stockItems.map((item) => ({ value: item.code, label: item.label }))} />
          )}
        </SelectField>
        <SelectField
          path="timeframe"
          error={errors.timeframe}
          value={values.timeframe}
          hint={
            fixed?.timeframe
              ? `This data has ${fixed.timeframe} bars only.`
              : minuteBarsHint(plan, values.timeframe)
          }
          onChange={(event) => dispatch({ type: 'setField', field: 'timeframe', value: event.target.value })}
        >
          {TIMEFRAMES.map((timeframe) => (
            <option
              key={timeframe}
              value={timeframe}
              disabled={fixed?.timeframe !== undefined && timeframe !== fixed.timeframe}
            >
              {timeframe}
            </option>
          ))}
        </SelectField>
        {(['fromDate', 'toDate'] as const).map((field) => (
          <InputField
            key={field}
            path={field}
            type="date"
            error={errors[field]}
            hint={dates[field]}
            value={values[field]}
            onChange={(event) => dispatch({ type: 'setField', field, value: event.target.value })}
          />
        ))}
        <SegmentedControl
          label="Transaction type"
          options={TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] }))}
          value={values.transactionType}
          onChange={(value) => dispatch({ type: 'setField', field: 'transactionType', value })}
        />
      </div>
      {values.exchange === PORTFOLIO_SOURCE && (
        <p className={styles.note}>
          The strategy runs on every symbol of the portfolio with one shared capital, each symbol trading its
          weight of the equity. It counts as one backtest.
        </p>
      )}
      {fixed && (
        <p className={styles.note}>
          {fixed.note}{' '}
          {(values.fromDate !== fixed.range.from || values.toDate !== fixed.range.to) && (
            <Button
              variant="secondary"
              className={styles.inlineButton}
              onClick={() =>
                dispatch({ type: 'setDates', fromDate: fixed.range.from, toDate: fixed.range.to })
              }
            >
              Use these dates
            </Button>
          )}
        </p>
      )}
      {signedIn && <UserDatasets selected={selectedUpload} lists={lists} dispatch={dispatch} />}
    </section>
  );
}
