/**
 * One live stream per source, symbol and interval (a Durable Object named by streamName): it
 * hands each closed bar, once and in order, to every forward test that follows it.
 *
 * - A Binance pair: it holds the one outbound WebSocket to Binance's kline stream; partial
 *   updates are dropped here. An outbound WebSocket keeps an object in memory (it does not
 *   hibernate), so 1,000 tests on 50 symbols hold 50 connections, not 1,000. While anyone
 *   follows it, an alarm every RECONNECT_CHECK_MS reconnects a dropped or never-made connection
 *   (and after a restart, when nothing is in memory any more).
 * - A stock (a polled source): no connection; while anyone follows it, an alarm every POLL_MS
 *   during its exchange's session (poll-schedule.ts) reads the provider's intraday bars since the last bar handed out and hands out the closed
 *   ones (closed-bars.ts); a bar still forming waits for a later poll. The first poll only
 *   notes the newest closed bar: the tests start with the next one, as on Binance.
 *
 * Bars missed meanwhile come to each test from REST, before the next live bar (forward-test.ts).
 */
import { DurableObject } from 'cloudflare:workers';
import type { CandleRow } from '../../engine/index';
import type { Env } from '../env';
import { readKlineMessage } from './kline-message';
import { intervalMs, isPolled, streamUrl, type LiveSource } from './live-source';
import { nextPollAt } from './poll-schedule';
import { pollBars } from './source-bars';

/** A dropped connection is made again within this time (the "within 60 s"). */
export const RECONNECT_CHECK_MS = 30_000;
/** How far back the first poll of a stock's stream looks for its newest closed bar (a long weekend). */
export const FIRST_POLL_LOOKBACK_MS = 7 * 86_400_000;

/** What a stream calls on a test that follows it (ForwardTest's method; named here, not imported, so the two files do not import each other). */
interface Follower {
  onBar(bar: CandleRow): Promise<void>;
}

export interface StreamStatus {
  connected: boolean;
  followers: number;
  lastBarAt: number | null;
  /** Partial updates received (and dropped) by this instance; for a stock, polled bars left as forming. */
  partialUpdates: number;
  closedBars: number;
  connections: number;
  /** Polls of the provider made by this instance (stocks). */
  polls: number;
}

export class BarStream extends DurableObject<Env> {
  private socket: WebSocket | null = null;
  private connecting: Promise<void> | null = null;
  private delivery: Promise<void> = Promise.resolve();
  private partialUpdates = 0;
  private closedBars = 0;
  private connections = 0;
  private polls = 0;
  private polling: Promise<void> | null = null;

  /** Starts (or keeps) following for the forward test `followerId`. */
  async follow(source: LiveSource, followerId: string): Promise<void> {
    await this.ctx.storage.put('source', source);
    const followers = await this.followers();
    if (!followers.includes(followerId)) await this.ctx.storage.put('followers', [...followers, followerId]);
    if (isPolled(source)) {
      await this.ctx.storage.setAlarm(nextPollAt(source.exchange!, intervalMs(source), Date.now()));
      // The first poll notes where the live bars start; a failed one is made again by the alarm.
      if ((await this.ctx.storage.get<number>('lastBarAt')) === undefined)
        await this.poll().catch((error: unknown) => console.error('The bar stream could not poll', error));
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + RECONNECT_CHECK_MS);
    // A stream that cannot connect now is tried again by the alarm.
    await this.ensureSocket().catch((error: unknown) =>
      console.error('The bar stream could not connect', error),
    );
  }

  async unfollow(followerId: string): Promise<void> {
    const followers = (await this.followers()).filter((id) => id !== followerId);
    await this.ctx.storage.put('followers', followers);
    if (followers.length > 0) return;
    await this.ctx.storage.deleteAlarm();
    // A stock's next first follower starts from the bars of its own time, not from these.
    if (isPolled((await this.ctx.storage.get<LiveSource>('source')) ?? {}))
      await this.ctx.storage.delete('lastBarAt');
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'No forward test follows this stream');
  }

  async status(): Promise<StreamStatus> {
    return {
      connected: this.socket !== null,
      followers: (await this.followers()).length,
      lastBarAt: (await this.ctx.storage.get<number>('lastBarAt')) ?? null,
      partialUpdates: this.partialUpdates,
      closedBars: this.closedBars,
      connections: this.connections,
      polls: this.polls,
    };
  }

  /** Drops the connection as a network failure would (tests of the reconnection). */
  async dropConnection(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    socket?.close(1001, 'Dropped');
  }

  override async alarm(): Promise<void> {
    if ((await this.followers()).length === 0) return;
    const source = await this.ctx.storage.get<LiveSource>('source');
    if (source && isPolled(source)) {
      try {
        await this.poll();
      } catch (error) {
        console.error('The bar stream could not poll', error);
      }
      await this.ctx.storage.setAlarm(nextPollAt(source.exchange!, intervalMs(source), Date.now()));
      return;
    }
    try {
      await this.ensureSocket();
    } catch (error) {
      console.error('The bar stream could not reconnect', error);
    }
    await this.ctx.storage.setAlarm(Date.now() + RECONNECT_CHECK_MS);
  }

  private async followers(): Promise<string[]> {
    return (await this.ctx.storage.get<string[]>('followers')) ?? [];
  }

  /** One poll at a time: a follow during the alarm's poll waits for it. */
  private poll(): Promise<void> {
    this.polling ??= this.pollNow().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /**
   * Reads the provider's bars since the last one handed out (at most FIRST_POLL_LOOKBACK_MS back)
   * and hands out the closed ones in order. With no last bar yet, the newest closed bar only
   * becomes the last one.
   */
  private async pollNow(): Promise<void> {
    const source = await this.ctx.storage.get<LiveSource>('source');
    if (!source) return;
    const now = Date.now();
    const last = await this.ctx.storage.get<number>('lastBarAt');
    const since = Math.max(last === undefined ? 0 : last + intervalMs(source), now - FIRST_POLL_LOOKBACK_MS);
    this.polls++;
    const { closed, forming } = await pollBars(this.env, source, since, now);
    this.partialUpdates += forming;
    if (last === undefined) {
      const newest = closed.at(-1);
      if (newest) await this.ctx.storage.put('lastBarAt', newest.t);
      return;
    }
    for (const bar of closed) {
      this.closedBars++;
      await this.deliver(bar);
    }
  }

  private ensureSocket(): Promise<void> {
    if (this.socket) return Promise.resolve();
    this.connecting ??= this.openSocket().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async openSocket(): Promise<void> {
    const source = await this.ctx.storage.get<LiveSource>('source');
    if (!source) return;
    const response = await fetch(streamUrl(source), { headers: { Upgrade: 'websocket' } });
    const socket = response.webSocket;
    if (!socket) throw new Error(`The kline stream answered ${response.status} instead of a WebSocket`);
    socket.accept();
    this.connections++;
    const lost = () => {
      if (this.socket === socket) this.socket = null;
    };
    socket.addEventListener('message', (event) => this.onMessage(event.data));
    socket.addEventListener('close', lost);
    socket.addEventListener('error', lost);
    this.socket = socket;
  }

  private onMessage(data: string | ArrayBuffer): void {
    const update = readKlineMessage(data);
    if (update === null) return;
    if (!update.closed) {
      this.partialUpdates++;
      return;
    }
    this.closedBars++;
    const { bar } = update;
    this.delivery = this.delivery
      .then(() => this.deliver(bar))
      .catch((error: unknown) => console.error('A closed bar could not be delivered', error));
  }

  /** Hands a closed bar to every follower, each bar once: one older than the last is dropped. */
  private async deliver(bar: CandleRow): Promise<void> {
    const last = await this.ctx.storage.get<number>('lastBarAt');
    if (last !== undefined && bar.t <= last) return;
    await this.ctx.storage.put('lastBarAt', bar.t);
    const namespace = this.env.FORWARD_TESTS;
    await Promise.all(
      (await this.followers()).map((id) =>
        (namespace.get(namespace.idFromString(id)) as unknown as Follower)
          .onBar(bar)
          .catch((error: unknown) => console.error(`Forward test ${id} did not take a bar`, error)),
      ),
    );
  }
}
