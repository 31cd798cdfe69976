/**
 * One forward test (a Durable Object per test, named by its id): its request, source and alerts,
 * the bars it has seen (warm-up and live), its signals and trades (tables of its SQLite storage,
 * so that none is bounded by one value's size), and its position and paper equity (storage key
 * "progress", mirrored in D1's forward_tests
 * for lists and limits). A restarted object reads them back and goes on where it was.
 *
 * Bars come from its BarStream, closed only, and are taken one at a time, in order:
 * - before the first live bar, the warm-up: the bars before it from the source's REST bars
 *   (Binance's klines, or a stock's intraday bars from the provider), the source backtests read;
 * - a bar at or before the last one is dropped (each bar once);
 * - a bar after a gap (a disconnect, a restart of either object) is taken only after the
 *   missing bars, read from REST, have been taken in order (the backfill rule, decision 0008).
 * Each bar runs the engine's LiveRun (the batch backtest read at the last bar) and pushes `bar`,
 * `trade`, `signal` and `status` events to the live page's sockets (hibernatable), and a signal
 * goes to the alerts the test asked for.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  LiveRun,
  replayForwardTest,
  type CandleRow,
  type LiveSignal,
  type LiveState,
  type OpenPosition,
  type Trade,
} from '../../engine/index';
import type {
  ForwardSignal,
  ForwardTestReplay,
  ForwardTestStatus,
  LiveEvent,
  WebhookBody,
} from '../../shared/api/forward-tests';
import { MAX_ANSWERED_BARS } from '../../shared/api/forward-tests';
import type { ResultTrade } from '../../shared/api/backtests';
import type { BacktestRequest } from '../../shared/backtest-request';
import type { Env } from '../env';
import { requiredWarmupBars } from '../backtests/warmup';
import { recordProgress, recordReplay, recordStatus } from '../db/forward-tests';
import { signalAnswer, tradeAnswer } from './answers';
import { intervalMs, streamName, type LiveSource } from './live-source';
import type { BarStream } from './bar-stream';
import { mailSignal } from './signal-mail';
import { restBars, warmupBars } from './source-bars';
import { deliverWebhook } from './webhook';

/** Warm-up bars at least (indicators that never forget, such as EMA, settle over them). */
export const MIN_WARMUP_BARS = 300;
/** How often a running test makes sure its stream still follows it (alarm). */
export const WATCHDOG_MS = 15 * 60_000;
/** Bars one backfill may read; a longer gap fails the test (it is no longer the same run). */
export const MAX_BACKFILL_BARS = 10_000;

export interface ForwardTestSetup {
  id: string;
  userId: string;
  name: string;
  request: BacktestRequest;
  source: LiveSource;
  alerts: { email: boolean; webhookUrl: string | null };
  webhookSecret: string | null;
  /** Whether the server that started it let webhooks reach private addresses (FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE). */
  webhookAllowsPrivate: boolean;
  /** The site's origin for links in mails (the request that started the test). */
  origin: string | null;
  startedAt: number;
}

export interface ForwardMetrics {
  equity: number;
  netProfit: number;
  totalReturnPct: number;
  tradeCount: number;
  winRatePct: number | null;
  maxDrawdownPct: number;
}

interface Progress {
  status: ForwardTestStatus;
  stoppedAt: number | null;
  /** Row of the first live bar (the warm-up's length); null before the first bar. */
  firstLiveBar: number | null;
  firstLiveBarAt: number | null;
  liveBars: number;
  lastBarAt: number | null;
  signalCount: number;
  tradeCount: number;
  openPosition: OpenPosition | null;
  metrics: ForwardMetrics;
  warnings: string[];
  replayIdentical: boolean | null;
  /** The warning of the last replay that found a difference. */
  replayWarning: string | null;
}

/** What GET /api/forward-tests/:id reads from the object. */
export interface ForwardTestSnapshot {
  setup: ForwardTestSetup;
  progress: Progress;
  signals: LiveSignal[];
  trades: ResultTrade[];
  recentBars: CandleRow[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function metricsOf(state: LiveState): ForwardMetrics {
  return {
    equity: state.equity,
    netProfit: state.metrics.netProfit,
    totalReturnPct: state.metrics.totalReturnPct,
    tradeCount: state.trades.length,
    winRatePct: state.metrics.winRatePct,
    maxDrawdownPct: state.metrics.maxDrawdownPct,
  };
}

export class ForwardTest extends DurableObject<Env> {
  private run: LiveRun | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS bars (t INTEGER PRIMARY KEY, o REAL NOT NULL, h REAL NOT NULL, l REAL NOT NULL, c REAL NOT NULL, v REAL NOT NULL)',
    );
    ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS signals (time INTEGER NOT NULL, kind TEXT NOT NULL, price REAL NOT NULL)',
    );
    // A trade as the engine reports it, JSON (numbers round-trip exactly).
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS trades (n INTEGER PRIMARY KEY, trade TEXT NOT NULL)');
  }

  /** Starts the test: keeps its setup and follows its stream. */
  async start(setup: ForwardTestSetup): Promise<void> {
    await this.ctx.storage.put('setup', setup);
    await this.ctx.storage.put('progress', {
      status: 'running',
      stoppedAt: null,
      firstLiveBar: null,
      firstLiveBarAt: null,
      liveBars: 0,
      lastBarAt: null,
      signalCount: 0,
      tradeCount: 0,
      openPosition: null,
      metrics: {
        equity: setup.request.initialCapital,
        netProfit: 0,
        totalReturnPct: 0,
        tradeCount: 0,
        winRatePct: null,
        maxDrawdownPct: 0,
      },
      warnings: [],
      replayIdentical: null,
      replayWarning: null,
    } satisfies Progress);
    await this.stream(setup.source).follow(setup.source, this.ctx.id.toString());
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
  }

  /** A closed bar from the stream: queued behind the bars before it. */
  onBar(bar: CandleRow): Promise<void> {
    return this.serially(() => this.takeBar(bar)).catch((error: unknown) =>
      console.error('A forward test could not take a bar', error),
    );
  }

  /**
   * Runs `work` after everything queued before it: bars, stop, replay and removal read and write
   * the record one at a time, so none writes back a record another has changed meanwhile.
   */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const done = this.queue.then(work);
    this.queue = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  stop(): Promise<ForwardTestStatus> {
    return this.serially(() => this.stopNow());
  }

  private async stopNow(): Promise<ForwardTestStatus> {
    const setup = await this.setup();
    const progress = await this.progress();
    if (!setup || !progress) return 'stopped';
    if (progress.status === 'running') {
      progress.status = 'stopped';
      progress.stoppedAt = Date.now();
      await this.ctx.storage.put('progress', progress);
      await recordStatus(this.env.DB, setup.id, 'stopped', progress.stoppedAt);
      await this.stream(setup.source).unfollow(this.ctx.id.toString());
      await this.ctx.storage.deleteAlarm();
      this.broadcast({
        type: 'status',
        status: 'stopped',
        lastBarAt: progress.lastBarAt === null ? null : iso(progress.lastBarAt),
      });
    }
    return progress.status;
  }

  /** Stops following and forgets everything. */
  remove(): Promise<void> {
    return this.serially(() => this.removeNow());
  }

  private async removeNow(): Promise<void> {
    const setup = await this.setup();
    if (setup) await this.stream(setup.source).unfollow(this.ctx.id.toString());
    for (const socket of this.ctx.getWebSockets()) socket.close(1000, 'The forward test was deleted');
    this.run = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  async snapshot(): Promise<ForwardTestSnapshot | null> {
    const setup = await this.setup();
    const progress = await this.progress();
    if (!setup || !progress) return null;
    const recentBars =
      progress.firstLiveBarAt === null
        ? []
        : this.ctx.storage.sql
            .exec<Record<keyof CandleRow, number>>(
              'SELECT t, o, h, l, c, v FROM bars WHERE t >= ?1 ORDER BY t DESC LIMIT ?2',
              progress.firstLiveBarAt,
              MAX_ANSWERED_BARS,
            )
            .toArray()
            .reverse();
    return {
      setup,
      progress,
      signals: this.storedSignals(),
      trades: this.storedTrades().map(tradeAnswer),
      recentBars,
    };
  }

  /**
   * The request backtested over exactly the bars this test saw, compared trade by trade with the
   * trades it recorded. A difference is kept as a warning and logged as an error.
   */
  replay(): Promise<ForwardTestReplay> {
    return this.serially(() => this.replayNow());
  }

  private async replayNow(): Promise<ForwardTestReplay> {
    const setup = await this.setup();
    const progress = await this.progress();
    if (!setup || !progress) throw new Error('This forward test has no setup');
    const report =
      progress.firstLiveBar === null
        ? { identical: true, forwardTrades: [], backtestTrades: [], differences: [] }
        : replayForwardTest(setup.request, this.storedBars(), progress.firstLiveBar, this.storedTrades());
    progress.replayIdentical = report.identical;
    progress.replayWarning = report.identical
      ? null
      : `The replay of this forward test’s bars found ${report.differences.length} difference${report.differences.length === 1 ? '' : 's'} from its live trades`;
    if (!report.identical)
      console.error(
        `Forward test ${setup.id}: ${progress.replayWarning}`,
        JSON.stringify(report.differences.slice(0, 5)),
      );
    await this.ctx.storage.put('progress', progress);
    await recordReplay(this.env.DB, setup.id, report.identical);
    return {
      identical: report.identical,
      differences: report.differences,
      forwardTrades: report.forwardTrades.map(tradeAnswer),
      backtestTrades: report.backtestTrades.map(tradeAnswer),
    };
  }

  /**
   * The watchdog: while running, the test follows its stream again every WATCHDOG_MS (a no-op
   * when it already does), so a stream object that lost its followers or its alarm (a wiped or
   * moved object) feeds it again; the bars missed meanwhile come from REST at the next bar.
   */
  override async alarm(): Promise<void> {
    await this.serially(async () => {
      const setup = await this.setup();
      const progress = await this.progress();
      if (!setup || progress?.status !== 'running') return;
      await this.stream(setup.source).follow(setup.source, this.ctx.id.toString());
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    });
  }

  /** The live page's socket (GET /api/forward-tests/:id/live): hibernatable, told the status at once. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade') !== 'websocket')
      return new Response('Expected a WebSocket', { status: 426 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    const progress = await this.progress();
    if (progress) {
      const event: LiveEvent = {
        type: 'status',
        status: progress.status,
        lastBarAt: progress.lastBarAt === null ? null : iso(progress.lastBarAt),
      };
      server.send(JSON.stringify(event));
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(): Promise<void> {
    // The page only listens.
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 ? 1000 : code, 'Closed');
  }

  private stream(source: LiveSource): DurableObjectStub<BarStream> {
    const namespace = this.env.BAR_STREAMS as DurableObjectNamespace<BarStream>;
    return namespace.get(namespace.idFromName(streamName(source)));
  }

  private async setup(): Promise<ForwardTestSetup | undefined> {
    return this.ctx.storage.get<ForwardTestSetup>('setup');
  }

  private async progress(): Promise<Progress | undefined> {
    return this.ctx.storage.get<Progress>('progress');
  }

  private storedBars(): CandleRow[] {
    return this.ctx.storage.sql
      .exec<Record<keyof CandleRow, number>>('SELECT t, o, h, l, c, v FROM bars ORDER BY t')
      .toArray();
  }

  private storedSignals(): LiveSignal[] {
    return this.ctx.storage.sql
      .exec<{ time: number; kind: string; price: number }>(
        'SELECT time, kind, price FROM signals ORDER BY rowid',
      )
      .toArray()
      .map(({ time, kind, price }) => ({ time, kind: kind === 'exit' ? 'exit' : 'entry', price }));
  }

  private storedTrades(): Trade[] {
    return this.ctx.storage.sql
      .exec<{ trade: string }>('SELECT trade FROM trades ORDER BY n')
      .toArray()
      .map((row) => JSON.parse(row.trade) as Trade);
  }

  private keepBars(rows: readonly CandleRow[]): void {
    for (const row of rows) {
      this.ctx.storage.sql.exec(
        'INSERT OR REPLACE INTO bars (t, o, h, l, c, v) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
        row.t,
        row.o,
        row.h,
        row.l,
        row.c,
        row.v,
      );
    }
  }

  private async takeBar(bar: CandleRow): Promise<void> {
    const setup = await this.setup();
    const progress = await this.progress();
    if (!setup || !progress || progress.status !== 'running') return;
    const step = intervalMs(setup.source);
    let run = this.liveRun(setup, progress);
    if (run === null) {
      const warmup = Math.max(requiredWarmupBars(setup.request), MIN_WARMUP_BARS);
      const rows = await warmupBars(this.env, setup.source, bar.t, warmup);
      this.keepBars(rows);
      progress.firstLiveBar = rows.length;
      progress.firstLiveBarAt = bar.t;
      run = new LiveRun(setup.request, rows, rows.length);
      this.run = run;
    } else {
      const last = run.lastBarTime!;
      if (bar.t <= last) return;
      if (bar.t > last + step) {
        if ((bar.t - last) / step > MAX_BACKFILL_BARS) {
          await this.fail(
            setup,
            progress,
            `More than ${MAX_BACKFILL_BARS} bars were missed: the test cannot catch up.`,
          );
          return;
        }
        const missed = await restBars(this.env, setup.source, last + step, bar.t);
        for (const row of missed)
          if (row.t > run.lastBarTime! && row.t < bar.t) await this.step(setup, progress, run, row);
      }
    }
    await this.step(setup, progress, run, bar);
  }

  private liveRun(setup: ForwardTestSetup, progress: Progress): LiveRun | null {
    if (this.run) return this.run;
    if (progress.firstLiveBar === null) return null;
    this.run = new LiveRun(setup.request, this.storedBars(), progress.firstLiveBar, progress.tradeCount);
    return this.run;
  }

  private async step(
    setup: ForwardTestSetup,
    progress: Progress,
    run: LiveRun,
    bar: CandleRow,
  ): Promise<void> {
    const { state, closedTrades } = run.addBar(bar);
    this.keepBars([bar]);
    progress.liveBars++;
    progress.lastBarAt = bar.t;
    for (const trade of closedTrades) {
      this.ctx.storage.sql.exec(
        'INSERT INTO trades (n, trade) VALUES (?1, ?2)',
        progress.tradeCount++,
        JSON.stringify(trade),
      );
    }
    progress.openPosition = state.openPosition;
    progress.metrics = metricsOf(state);
    progress.warnings = state.warnings;
    if (state.signal) {
      const { time, kind, price } = state.signal;
      this.ctx.storage.sql.exec(
        'INSERT INTO signals (time, kind, price) VALUES (?1, ?2, ?3)',
        time,
        kind,
        price,
      );
      progress.signalCount++;
    }
    await this.ctx.storage.put('progress', progress);
    await recordProgress(this.env.DB, setup.id, {
      lastBarAt: bar.t,
      bars: progress.liveBars,
      signals: progress.signalCount,
    });
    this.broadcast({ type: 'bar', bar, equity: state.equity });
    for (const trade of closedTrades) this.broadcast({ type: 'trade', trade: tradeAnswer(trade) });
    if (state.signal) {
      const signal = signalAnswer(state.signal);
      this.broadcast({ type: 'signal', signal });
      this.alert(setup, signal);
    }
  }

  private alert(setup: ForwardTestSetup, signal: ForwardSignal): void {
    if (setup.alerts.email) {
      this.ctx.waitUntil(mailSignal(this.env, { ...setup, symbol: setup.source.symbol }, signal));
    }
    if (setup.alerts.webhookUrl && setup.webhookSecret) {
      const body: WebhookBody = {
        forwardTestId: setup.id,
        name: setup.name,
        symbol: setup.source.symbol,
        timeframe: setup.request.timeframe,
        signal,
      };
      this.ctx.waitUntil(
        deliverWebhook(
          { FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE: setup.webhookAllowsPrivate ? 'true' : '' },
          setup.alerts.webhookUrl,
          setup.webhookSecret,
          body,
        ).then(() => undefined),
      );
    }
  }

  private async fail(setup: ForwardTestSetup, progress: Progress, warning: string): Promise<void> {
    progress.status = 'failed';
    progress.stoppedAt = Date.now();
    progress.warnings = [...progress.warnings, warning];
    await this.ctx.storage.put('progress', progress);
    await recordStatus(this.env.DB, setup.id, 'failed', progress.stoppedAt);
    await this.stream(setup.source).unfollow(this.ctx.id.toString());
    await this.ctx.storage.deleteAlarm();
    this.broadcast({
      type: 'status',
      status: 'failed',
      lastBarAt: progress.lastBarAt === null ? null : iso(progress.lastBarAt),
    });
  }

  private broadcast(event: LiveEvent): void {
    const message = JSON.stringify(event);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
      } catch {
        // A socket closing as we send: the page reconnects.
      }
    }
  }
}
