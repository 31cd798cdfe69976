import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { backtestRequestSchema } from '../../../../shared/backtest-request';
import { CANDLESTICK_PATTERNS } from '../../../../shared/candlestick-patterns';
import { toFieldErrors } from '../../../../shared/validation-errors';
import { builderFieldErrors, builderWarnings } from '../field-checks';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { backtestResultPath } from '../../../config/paths';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { refreshActiveJobs } from '../../../lib/active-jobs';
import { useAuth } from '../../../lib/auth/auth-context';
import { submitBacktest } from '../api';
import { SAMPLE_EXCHANGE, SAMPLE_EXCHANGE_LABEL, UPLOAD_EXCHANGE } from '../data-sources';
import { clearDraft, loadDraft, saveDraft } from '../draft';
import { useFollowedMlRun } from '../hooks/useFollowedMlRun';
import { useRunningTwin } from '../hooks/useRunningTwin';
import { type BuilderState, builderReducer, initialBuilderState } from '../form-state';
import { toRequest } from '../form-values';
import { BASE_FEATURE_LABELS } from '../ml-values';
import { useMarketLists } from '../hooks/useMarketLists';
import { builderPlan, indicatorPlanErrors } from '../plan-marks';
import {
  PORTFOLIO_SOURCE,
  portfolioOf,
  submitPortfolioBacktest,
  usePortfolioChoices,
  withPortfolios,
} from '../portfolio-source';
import { SUBMITTED_MESSAGE, type SubmitOutcome } from '../outcome';
import { type DescribeValue, buildReviewList } from '../review-list';
import { AdvancedOptions } from './AdvancedOptions';
import { ConditionsSection } from './ConditionsSection';
import { DuplicateRunPrompt } from './DuplicateRunPrompt';
import { errorMessage } from '../../../lib/error-message';
import { ErrorSummary } from './ErrorSummary';
import { ExitCriteria } from './ExitCriteria';
import { GeneralParameters } from './GeneralParameters';
import { MlJobProgress } from './MlJobProgress';
import { MlSection } from './MlSection';
import { ReviewPanel } from './ReviewPanel';
import { ExportStrategy } from '../../../components/ExportStrategy';
import { UsageMeter } from './UsageMeter';
import styles from './BacktestForm.module.css';

interface BacktestBuilderProps {
  signedIn: boolean;
  /** A request to edit (history's "edit and re-run"); it wins over a saved draft. */
  initialRequest?: unknown;
  /** A portfolio to run (the portfolio page's "Run a backtest"): the draft's strategy on it. */
  initialPortfolio?: string;
  /**
   * Called with the stored run's id after a successful submit, with what to say about it when
   * it is not the usual (a cancel that came after the run had finished).
   */
  onSubmitted: (id: string, notice?: string) => void;
  /** A link to the login page that brings the user back here. */
  loginLink: ReactNode;
  /** A link to the plans. */
  pricingLink: ReactNode;
}

function initialState({ request, portfolio }: { request: unknown; portfolio?: string }): BuilderState {
  if (request !== undefined && request !== null) {
    return builderReducer(initialBuilderState(), { type: 'loadRequest', request });
  }
  const draft = loadDraft();
  const state = draft
    ? { ...initialBuilderState(draft.values, true), mode: draft.mode }
    : initialBuilderState();
  if (!portfolio) return state;
  return builderReducer(
    { ...state, mode: 'edit' },
    { type: 'selectExchange', exchange: PORTFOLIO_SOURCE, stock: portfolio },
  );
}

type FocusTarget = 'summary' | 'review' | 'form';

/**
 * The strategy builder (docs/product.md#screens-and-routes, docs/product.md#validation, docs/product.md#errors-and-messages): edit mode, then review mode, then Final Submit.
 * Unsent inputs are kept as a draft, so a trip to the login page loses nothing.
 */
export function BacktestBuilder({
  signedIn,
  initialRequest,
  initialPortfolio,
  onSubmitted,
  loginLink,
  pricingLink,
}: BacktestBuilderProps) {
  const [state, dispatch] = useReducer(
    builderReducer,
    { request: initialRequest, portfolio: initialPortfolio },
    initialState,
  );
  const [outcome, setOutcome] = useState<SubmitOutcome>({ kind: 'idle' });
  const portfolios = usePortfolioChoices(signedIn);
  const lists = withPortfolios(
    useMarketLists(state.values.exchange, signedIn, dispatch),
    state.values.exchange,
    portfolios,
  );
  const plan = builderPlan(useAuth().user);
  const { mode, values, touched } = state;
  // The builder's own checks (dates in order, periods the data can hold, indicators the plan
  // has) are said at the field as soon as the values are known; the warnings never block.
  // A visitor may try anything: the plan refuses a signed-in user's Pro indicators.
  const ownErrors = [...builderFieldErrors(values), ...indicatorPlanErrors(values, signedIn ? plan : null)];
  const errors = ownErrors.reduce(
    (all, error) => (all[error.path] ? all : { ...all, [error.path]: error.message }),
    state.errors,
  );
  const warnings = builderWarnings(values);

  const summaryRef = useRef<HTMLDivElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  useEffect(() => {
    if (touched) saveDraft({ mode, values });
    else clearDraft();
  }, [touched, mode, values]);

  // Moving between modes replaces what is on screen: focus follows, so keyboard and screen
  // reader users land on the new content.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element = { summary: summaryRef, review: reviewHeadingRef, form: formHeadingRef }[target].current;
    element?.focus();
  });

  function preview(event: FormEvent) {
    event.preventDefault();
    setOutcome({ kind: 'idle' });
    const parsed = backtestRequestSchema.safeParse(toRequest(values));
    // Every error at once: the schema's with the builder's own.
    const problems = [...(parsed.success ? [] : toFieldErrors(parsed.error)), ...ownErrors];
    if (problems.length === 0) {
      dispatch({ type: 'preview' });
      focusNext.current = 'review';
    } else {
      dispatch({ type: 'showErrors', errors: problems });
      focusNext.current = 'summary';
    }
  }

  function edit() {
    setOutcome({ kind: 'idle' });
    dispatch({ type: 'edit' });
    focusNext.current = 'form';
  }

  function reset() {
    dispatch({ type: 'reset', ...lists.firstSelection() });
    setOutcome({ kind: 'idle' });
  }

  // A queued ML run (202), or one named in the address: followed until it ends.
  const followed = useFollowedMlRun(onSubmitted);
  const queryClient = useQueryClient();
  const findRunningTwin = useRunningTwin();

  const jobProgress =
    followed.jobId !== null &&
    (followed.missing ? (
      <Alert tone="warning">
        The run named in this page’s address is not one of yours, or no longer exists.
      </Alert>
    ) : (
      <MlJobProgress
        job={followed.answer}
        pollError={followed.pollError && errorMessage(followed.pollError)}
        onCancel={followed.cancel}
        cancelling={followed.cancelling}
        cancelTooLate={followed.cancelTooLate}
        resultLink={
          followed.unopenedRunId !== null ? (
            <Link to={backtestResultPath(followed.unopenedRunId)}>Open the result</Link>
          ) : undefined
        }
      />
    ));

  function followRunning(jobId: string) {
    setOutcome({ kind: 'idle' });
    followed.follow(jobId);
  }

  /** Final Submit; `again` when the user chose to run a backtest that is still running again. */
  async function submit({ again = false } = {}) {
    if (!signedIn) {
      setOutcome({ kind: 'login' });
      return;
    }
    setOutcome({ kind: 'submitting' });
    try {
      const request = toRequest(values);
      const portfolio =
        values.exchange === PORTFOLIO_SOURCE ? portfolioOf(values.stock, portfolios) : undefined;
      // Only ML runs can still be running (as jobs): the same one is asked about before it is paid for twice.
      const twin = !again && !portfolio && request.mode === 'ml' && (await findRunningTwin(request));
      if (twin) {
        setOutcome({ kind: 'duplicate', jobId: twin.id });
        return;
      }
      const answer = portfolio
        ? await submitPortfolioBacktest(portfolio.id, request)
        : await submitBacktest(request);
      if ('jobId' in answer) {
        setOutcome({ kind: 'idle' });
        followed.follow(answer.jobId);
        void refreshActiveJobs(queryClient);
        return;
      }
      const { id } = answer;
      reset();
      setOutcome({ kind: 'success' });
      // Cleared here, not left to the draft effect: the result page may replace the form before
      // that effect sees the reset.
      clearDraft();
      onSubmitted(id);
    } catch (error) {
      if (error instanceof NetworkError) {
        setOutcome({ kind: 'network', message: error.message });
      } else if (error instanceof ApiError && error.status === 401) {
        setOutcome({ kind: 'login' });
      } else if (error instanceof ApiError && error.status === 402) {
        setOutcome({ kind: 'upgrade', message: error.message });
      } else {
        setOutcome({
          kind: 'error',
          message: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
        });
        if (error instanceof ApiError && error.fields.length > 0) {
          dispatch({ type: 'serverErrors', errors: error.fields });
        }
      }
    }
  }

  const describe: DescribeValue = (path, text) => {
    if (path === 'exchange') {
      if (text === SAMPLE_EXCHANGE) return SAMPLE_EXCHANGE_LABEL;
      if (text === PORTFOLIO_SOURCE) return 'Portfolio';
      if (text === UPLOAD_EXCHANGE) return 'Your uploaded data';
      const exchange =
        lists.exchanges.status === 'ready' && lists.exchanges.items.find((e) => e.code === text);
      return exchange ? `${exchange.name} (${exchange.code})` : text;
    }
    if (path === 'stock') {
      const stocks = lists.stocks;
      return (stocks.status === 'ready' && stocks.items.find((item) => item.code === text)?.label) || text;
    }
    if (/^entry\.candleStick\.\d+\.pattern1$/.test(path)) {
      return CANDLESTICK_PATTERNS.find((pattern) => pattern.name === text)?.description ?? text;
    }
    if (/^ml\.features\.drop\.\d+$/.test(path)) {
      return BASE_FEATURE_LABELS[text as keyof typeof BASE_FEATURE_LABELS] ?? text;
    }
    return text;
  };

  if (mode === 'review') {
    const reviewed = backtestRequestSchema.safeParse(toRequest(values));
    return (
      <ReviewPanel
        items={buildReviewList(toRequest(values), describe)}
        outcome={outcome}
        headingRef={reviewHeadingRef}
        loginLink={loginLink}
        pricingLink={pricingLink}
        busy={followed.inFlight}
        usage={signedIn && <UsageMeter pricingLink={pricingLink} />}
        job={jobProgress}
        question={
          outcome.kind === 'duplicate' && (
            <DuplicateRunPrompt
              onFollow={() => followRunning(outcome.jobId)}
              onRunAgain={() => void submit({ again: true })}
            />
          )
        }
        warnings={warnings}
        exportActions={reviewed.success && <ExportStrategy request={reviewed.data} />}
        onEdit={edit}
        onSubmit={() => void submit()}
        onReset={reset}
      />
    );
  }

  return (
    <form className={styles.form} onSubmit={preview} noValidate aria-labelledby="bt-form-title">
      <h2 id="bt-form-title" ref={formHeadingRef} tabIndex={-1} className="visually-hidden">
        Strategy parameters
      </h2>
      {outcome.kind === 'success' && <Alert tone="success">{SUBMITTED_MESSAGE}</Alert>}
      {/* A run followed from "Running now" shows here too (one that failed shows in review only). */}
      {(followed.inFlight || followed.missing || followed.unopenedRunId !== null) && jobProgress}
      {signedIn && <UsageMeter pricingLink={pricingLink} />}
      {!signedIn && (
        <Alert tone="info">
          You can build and preview a strategy without an account. {loginLink} to run it: your inputs are kept
          while you do.
        </Alert>
      )}
      <ErrorSummary errors={errors} ref={summaryRef} />
      <GeneralParameters
        values={values}
        errors={errors}
        dispatch={dispatch}
        lists={lists}
        signedIn={signedIn}
        plan={plan}
      />
      <ConditionsSection side="entry" values={values} errors={errors} dispatch={dispatch} plan={plan} />
      <ConditionsSection side="exit" values={values} errors={errors} dispatch={dispatch} plan={plan} />
      <ExitCriteria values={values} errors={errors} warnings={warnings} dispatch={dispatch} />
      <AdvancedOptions
        values={values}
        errors={errors}
        warnings={warnings}
        dispatch={dispatch}
        pricingLink={pricingLink}
      />
      {values.mode === 'ml' && <MlSection values={values} errors={errors} dispatch={dispatch} plan={plan} />}
      <div className={styles.actions}>
        <Button type="submit">Preview Parameters</Button>
        <Button variant="secondary" className={styles.resetButton} onClick={reset}>
          Reset Form
        </Button>
      </div>
    </form>
  );
}
