import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { MAX_PORTFOLIO_SYMBOLS, type Portfolio, portfolioSchema } from '../../../../shared/portfolio';
import { toFieldErrors } from '../../../../shared/validation-errors';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { OptionList } from '../../../components/OptionList';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { portfolioListQuery } from '../../../lib/portfolios';
import { exchangeListQuery, savePortfolio, stockListQuery } from '../api';
import {
  type PortfolioDraft,
  type SymbolRow,
  canAddRow,
  draftOf,
  equalShareText,
  equalWeights,
  errorsByPath,
  newRow,
  toPortfolioBody,
} from '../portfolio-form';
import styles from './Portfolios.module.css';

interface PortfolioFormProps {
  /** The portfolio to edit; null for a new one. */
  portfolio: Portfolio | null;
  onSaved: (portfolio: Portfolio) => void;
  onCancel: () => void;
  /** A link to the plans, shown with a plan-limit answer (402). */
  pricingLink: ReactNode;
}

/** The symbols an exchange lists, offered while typing (none when the list cannot be had). */
function SymbolSuggestions({ id, exchange }: { id: string; exchange: string }) {
  const { data } = useQuery({ ...stockListQuery(exchange), enabled: exchange !== '' });
  return (
    <datalist id={id}>
      <OptionList choices={(data ?? []).map((item) => ({ value: item.code, label: item.name }))} />
    </datalist>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
  ) : null;
}

/** Create or edit a portfolio: its name and up to 20 symbols, with weights or equal shares. */
export function PortfolioForm({ portfolio, onSaved, onCancel, pricingLink }: PortfolioFormProps) {
  const exchanges = useQuery(exchangeListQuery());
  const firstExchange = exchanges.data?.[0]?.code ?? 'US';
  const [draft, setDraft] = useState<PortfolioDraft>(() => draftOf(portfolio, firstExchange));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const formId = useId();
  const save = useMutation({
    mutationFn: () =>
      savePortfolio(toPortfolioBody(draft) as Parameters<typeof savePortfolio>[0], portfolio?.id),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: portfolioListQuery().queryKey });
      onSaved(saved);
    },
    onError: (error) => setErrors(error instanceof ApiError ? errorsByPath(error.fields) : {}),
  });

  const equal = equalWeights(draft.rows);
  const title = portfolio ? `Edit ${portfolio.name}` : 'New portfolio';
  const fieldId = (path: string) => `${formId}-${path.replaceAll('.', '-')}`;

  function setRow(index: number, change: Partial<SymbolRow>) {
    setDraft((current) => ({
      ...current,
      rows: current.rows.map((row, i) => (i === index ? { ...row, ...change } : row)),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // Every problem the form can see, at once and at its field, before anything is sent; the
    // API adds what only it knows (symbols its exchanges do not list).
    const checked = portfolioSchema.safeParse(toPortfolioBody(draft));
    if (!checked.success) {
      save.reset();
      setErrors(errorsByPath(toFieldErrors(checked.error)));
      return;
    }
    setErrors({});
    save.mutate();
  }

  const exchangeCodes = exchanges.data?.map((item) => item.code) ?? [];
  const upgrade = save.error instanceof ApiError && save.error.status === 402;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className={styles.formTitle}>
        {title}
      </h2>
      {save.isError && (
        <Alert tone="error">
          {errorMessage(save.error)} {upgrade && pricingLink}
        </Alert>
      )}
      {!save.isError && Object.keys(errors).length > 0 && (
        <Alert tone="error">
          {Object.keys(errors).length === 1
            ? 'There is 1 problem to fix, marked below.'
            : `There are ${Object.keys(errors).length} problems to fix, marked below.`}
        </Alert>
      )}
      <div className={styles.nameField}>
        <label htmlFor={fieldId('name')}>Name</label>
        <input
          id={fieldId('name')}
          className={styles.input}
          value={draft.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${fieldId('name')}-error` : undefined}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <FieldError id={`${fieldId('name')}-error`} message={errors.name} />
      </div>

      <fieldset className={styles.symbols} aria-describedby={`${formId}-weights-note`}>
        <legend>
          Symbols ({draft.rows.length} of {MAX_PORTFOLIO_SYMBOLS})
        </legend>
        <p id={`${formId}-weights-note`} className={styles.note}>
          {equal
            ? `Equal weights: each symbol trades ${equalShareText(draft.rows.length)} of the capital. To weight them, give every symbol a weight between 0 and 1, adding up to 1.`
            : 'Weights are shares of the capital between 0 and 1, adding up to 1. Clear them all for equal weights.'}
        </p>
        <FieldError id={`${formId}-symbols-error`} message={errors.symbols} />
        <ol className={styles.rows}>
          {draft.rows.map((row, index) => {
            const path = `symbols.${index}`;
            const known = exchangeCodes.length === 0 || exchangeCodes.includes(row.exchange);
            return (
              <li key={row.key} className={styles.row}>
                <div className={styles.cell}>
                  <label htmlFor={fieldId(`${path}.exchange`)}>Exchange {index + 1}</label>
                  {/* Without the exchange list (it failed), the code is typed. */}
                  {!exchanges.isError ? (
                    <select
                      id={fieldId(`${path}.exchange`)}
                      className={styles.input}
                      value={row.exchange}
                      disabled={exchanges.isPending}
                      aria-invalid={errors[`${path}.exchange`] ? true : undefined}
                      onChange={(event) => setRow(index, { exchange: event.target.value })}
                    >
                      {!known && <option value={row.exchange}>{row.exchange}</option>}
                      <OptionList
                        choices={(exchanges.data ?? []).map((item) => ({
                          value: item.code,
                          label: `${item.name} (${item.code})`,
                        }))}
                      />
                    </select>
                  ) : (
                    <input
                      id={fieldId(`${path}.exchange`)}
                      className={styles.input}
                      value={row.exchange}
                      onChange={(event) => setRow(index, { exchange: event.target.value })}
                    />
                  )}
                  <FieldError
                    id={`${fieldId(`${path}.exchange`)}-error`}
                    message={errors[`${path}.exchange`]}
                  />
                </div>
                <div className={styles.cell}>
                  <label htmlFor={fieldId(`${path}.symbol`)}>Symbol {index + 1}</label>
                  <input
                    id={fieldId(`${path}.symbol`)}
                    className={styles.input}
                    value={row.symbol}
                    list={`${fieldId(`${path}.symbol`)}-list`}
                    autoCapitalize="characters"
                    spellCheck={false}
                    aria-invalid={errors[`${path}.symbol`] ? true : undefined}
                    aria-describedby={
                      errors[`${path}.symbol`] ? `${fieldId(`${path}.symbol`)}-error` : undefined
                    }
                    onChange={(event) => setRow(index, { symbol: event.target.value })}
                  />
                  <SymbolSuggestions id={`${fieldId(`${path}.symbol`)}-list`} exchange={row.exchange} />
                  <FieldError id={`${fieldId(`${path}.symbol`)}-error`} message={errors[`${path}.symbol`]} />
                </div>
                <div className={`${styles.cell} ${styles.weightCell}`}>
                  <label htmlFor={fieldId(`${path}.weight`)}>Weight {index + 1}</label>
                  <input
                    id={fieldId(`${path}.weight`)}
                    className={styles.input}
                    value={row.weight}
                    inputMode="decimal"
                    placeholder={equal ? `equal (${equalShareText(draft.rows.length)})` : ''}
                    aria-invalid={errors[`${path}.weight`] ? true : undefined}
                    aria-describedby={
                      errors[`${path}.weight`] ? `${fieldId(`${path}.weight`)}-error` : undefined
                    }
                    onChange={(event) => setRow(index, { weight: event.target.value })}
                  />
                  <FieldError id={`${fieldId(`${path}.weight`)}-error`} message={errors[`${path}.weight`]} />
                </div>
                <Button
                  variant="secondary"
                  className={styles.removeRow}
                  disabled={draft.rows.length === 1}
                  aria-label={`Remove symbol ${index + 1}${row.symbol ? ` (${row.symbol})` : ''}`}
                  onClick={() => setDraft({ ...draft, rows: draft.rows.filter((_, i) => i !== index) })}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          disabled={!canAddRow(draft)}
          onClick={() =>
            setDraft({
              ...draft,
              rows: [...draft.rows, newRow(draft.rows.at(-1)?.exchange ?? firstExchange)],
            })
          }
        >
          Add a symbol
        </Button>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save portfolio'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
