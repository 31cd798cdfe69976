// Writes the three candle files the backtesting.py goldens are made on
// (tests/engine/export/backtesting-py/data/): seeded random walks with realistic OHLC, so that
// running this again gives the same bytes. Each file stamps its times another way:
// - daily-us-z.csv: US daily bars stamped at the session open in UTC with "Z";
// - quarter-hour-us-offsets.csv: 15-minute bars of New York's regular session with its UTC
//   offset (-05:00, then -04:00 after the change to daylight saving time);
// - hourly-crypto-naive.csv: round-the-clock hourly bars near 1e-3 without a zone (UTC), a
//   few hours missing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = new URL('../../tests/engine/export/backtesting-py/data/', import.meta.url).pathname;
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** Mulberry32: a small seeded generator of uniform numbers in [0, 1). */
function uniforms(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Standard normal draws (Box-Muller) from a seeded uniform generator. */
function normals(seed) {
  const uniform = uniforms(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** New York's offset from UTC in minutes at an instant (-300 or -240). */
function newYorkOffset(time) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'shortOffset' })
    .formatToParts(time)
    .find((p) => p.type === 'timeZoneName').value;
  return Number(part.replace('GMT', '')) * 60;
}

/** The instant New York's clock reads `minute` on a date given as UTC midnight. */
function newYorkWallClock(midnight, minute) {
  const guess = midnight + minute * MINUTE + 5 * 60 * MINUTE;
  return midnight + minute * MINUTE - newYorkOffset(guess) * MINUTE;
}

const isWeekday = (midnight) => ![0, 6].includes(new Date(midnight).getUTCDay());

/**
 * Bars of a random walk at the given open times: each opens a small gap from the last close
 * (`gaps[i]` standard deviations of `gapVolatility`), moves by `volatility`, and reaches beyond
 * its open and close by a wick.
 */
function walk(times, { seed, start, volatility, gapVolatility, drift = 0, decimals, volume }) {
  const draw = normals(seed);
  const round = (price) => Number(price.toFixed(decimals));
  let close = start;
  return times.map(({ time, gap }) => {
    const open = round(close * Math.exp((gap ? gapVolatility : volatility / 4) * draw()));
    close = round(open * Math.exp(drift + volatility * draw()));
    const high = round(Math.max(open, close) * Math.exp(Math.abs(volatility * 0.6 * draw())));
    const low = round(Math.min(open, close) * Math.exp(-Math.abs(volatility * 0.6 * draw())));
    const bars = Math.round(volume * Math.exp(0.4 * draw()));
    return {
      time,
      open,
      high: Math.max(high, open, close),
      low: Math.min(low, open, close),
      close,
      volume: bars,
    };
  });
}

function csv(bars, stamp) {
  const rows = bars.map((bar) =>
    [stamp(bar.time), bar.open, bar.high, bar.low, bar.close, bar.volume].join(','),
  );
  return `Date,Open,High,Low,Close,Volume\n${rows.join('\n')}\n`;
}

const iso = (time) => new Date(time).toISOString().slice(0, 19);

function dailyUsZ() {
  const times = [];
  for (let day = Date.UTC(2019, 0, 2); times.length < 1500; day += DAY) {
    if (isWeekday(day)) times.push({ time: newYorkWallClock(day, 570), gap: true });
  }
  const bars = walk(times, {
    seed: 20190102,
    start: 84.2,
    volatility: 0.017,
    gapVolatility: 0.004,
    drift: 0.0002,
    decimals: 2,
    volume: 2_400_000,
  });
  return csv(bars, (time) => `${iso(time)}Z`);
}

function quarterHourUsOffsets() {
  const times = [];
  for (let day = Date.UTC(2024, 0, 8); day < Date.UTC(2024, 5, 1); day += DAY) {
    if (!isWeekday(day)) continue;
    for (let bar = 0; bar < 26; bar++)
      times.push({ time: newYorkWallClock(day, 570 + 15 * bar), gap: bar === 0 });
  }
  const bars = walk(times, {
    seed: 20240108,
    start: 171.35,
    volatility: 0.0022,
    gapVolatility: 0.006,
    decimals: 2,
    volume: 41_000,
  });
  return csv(bars, (time) => {
    const offset = newYorkOffset(time);
    const local = iso(time + offset * MINUTE);
    return `${local}-0${-offset / 60}:00`;
  });
}

function hourlyCryptoNaive() {
  const skip = uniforms(7);
  const times = [];
  for (let time = Date.UTC(2023, 4, 1); time < Date.UTC(2023, 7, 19); time += 60 * MINUTE) {
    // About one hour in two hundred is missing, as in a feed with holes.
    if (skip() >= 0.005) times.push({ time, gap: false });
  }
  const bars = walk(times, {
    seed: 20230501,
    start: 0.0012873,
    volatility: 0.009,
    gapVolatility: 0,
    decimals: 7,
    volume: 8_500_000,
  });
  return csv(bars, (time) => iso(time).replace('T', ' '));
}

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'daily-us-z.csv'), dailyUsZ());
writeFileSync(join(OUT, 'quarter-hour-us-offsets.csv'), quarterHourUsOffsets());
writeFileSync(join(OUT, 'hourly-crypto-naive.csv'), hourlyCryptoNaive());
