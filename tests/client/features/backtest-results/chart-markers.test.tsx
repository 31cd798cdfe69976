import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriesFromColumns } from '../../../../src/engine/candles/series';
import {
  CHART_COLORS,
  MARKER_MIN_WIDTH_PX,
  arrowsOnly,
  firstMarkerAtOrAfter,
  markerTrade,
  markersHaveRoomForText,
  thinMarkers,
  tradeMarkers,
} from '../../../../src/client/features/backtest-results/chart-data';
import { markerDetails } from '../../../../src/client/features/backtest-results/chart-text';
import { TRADES, candleAnswer } from './fixtures';

const markers = tradeMarkers(TRADES, seriesFromColumns(candleAnswer().candles));

describe('trade markers at any density', () => {
  it('labels arrows only while each visible one has about 56 px', () => {
    expect(markersHaveRoomForText(0, 300)).toBe(true);
    expect(markersHaveRoomForText(20, 1120)).toBe(true);
    expect(markersHaveRoomForText(21, 1120)).toBe(false);
    expect(markersHaveRoomForText(114, 1118)).toBe(false);
  });

  it('drops the labels but keeps every arrow, its place and colour', () => {
    const bare = arrowsOnly(markers);
    expect(bare).toHaveLength(60);
    expect(bare.every((marker) => marker.text === '')).toBe(true);
    expect(bare.map(({ text: _text, ...rest }) => rest)).toEqual(
      markers.map(({ text: _text, ...rest }) => rest),
    );
  });

  it('finds the first marker at or after a time, for counting the visible ones', () => {
    const times = markers.map((marker) => marker.time);
    expect(firstMarkerAtOrAfter(markers, times[0]!)).toBe(0);
    expect(firstMarkerAtOrAfter(markers, times[0]! + 1)).toBe(1);
    expect(firstMarkerAtOrAfter(markers, times[59]! + 1)).toBe(60);
    expect(firstMarkerAtOrAfter(markers, times[10]!)).toBe(10);
  });

  it('colours a profitable exit green and a losing one red, as the trade list does', () => {
    const tokens = readFileSync('src/client/styles/tokens.css', 'utf8');
    const token = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(tokens)![1];
    expect(CHART_COLORS.win).toBe(token('color-accent-strong'));
    expect(CHART_COLORS.loss).toBe(token('color-danger'));
    const exits = markers.filter((marker) => marker.id?.startsWith('exit-'));
    exits.forEach((marker) => {
      const trade = TRADES[markerTrade(marker)!.index]!;
      expect(marker.color).toBe(trade.pnl >= 0 ? CHART_COLORS.win : CHART_COLORS.loss);
    });
    expect(exits.some((marker) => marker.color === CHART_COLORS.win)).toBe(true);
    expect(exits.some((marker) => marker.color === CHART_COLORS.loss)).toBe(true);
  });
});

describe('thinning crowded arrows', () => {
  const at = (position: 'aboveBar' | 'belowBar', x: number) => ({ position, x });
  const xOf = (marker: { x: number }) => marker.x;

  it('leaves out an arrow less than one arrow’s width from the last drawn on its side', () => {
    const crowded = [
      at('belowBar', 0),
      at('aboveBar', 4),
      at('belowBar', 5),
      at('aboveBar', 10),
      at('belowBar', 12),
    ];
    expect(MARKER_MIN_WIDTH_PX).toBe(12);
    // Above and below the bars are counted apart: 0 and 12 below, 4 above (10 is too near it).
    expect(thinMarkers(crowded, xOf)).toEqual([at('belowBar', 0), at('aboveBar', 4), at('belowBar', 12)]);
  });

  it('keeps every arrow where they have room, and those off the time scale', () => {
    const spaced = [at('belowBar', 0), at('aboveBar', 0), at('belowBar', 12), at('aboveBar', 30)];
    expect(thinMarkers(spaced, xOf)).toEqual(spaced);
    expect(thinMarkers([at('belowBar', 0), at('belowBar', 1)], () => null)).toHaveLength(2);
  });

  it('draws about one arrow per arrow width on each side of a 65-trade chart squeezed into 320 px', () => {
    // 130 arrows spread evenly over 320 px: 2.5 px apart, alternately below and above.
    const dense = Array.from({ length: 130 }, (_, i) => at(i % 2 === 0 ? 'belowBar' : 'aboveBar', i * 2.5));
    const drawn = thinMarkers(dense, xOf);
    const below = drawn.filter((marker) => marker.position === 'belowBar').map(xOf);
    expect(below.length).toBeLessThanOrEqual(Math.ceil(320 / 12) + 1);
    expect(below.slice(1).every((x, i) => x - below[i]! >= 12)).toBe(true);
    expect(drawn.length).toBeGreaterThan(40);
  });
});

describe('hover details of an arrow', () => {
  it('names the trade from the marker id', () => {
    expect(markerTrade({ id: 'entry-3' })).toEqual({ index: 2, entry: true });
    expect(markerTrade({ id: 'exit-12' })).toEqual({ index: 11, entry: false });
    expect(markerTrade({ id: 'something' })).toBeNull();
  });

  it('describes the entry fill and the exit with its reason and result, in the data zone', () => {
    expect(markerDetails(TRADES[1]!, 2, true, 'America/New_York', true, 2)).toBe(
      'Trade 2: Buy entry 2023-09-02 09:30 at 101.00',
    );
    expect(markerDetails(TRADES[1]!, 2, false, 'America/New_York', true, 2)).toBe(
      'Trade 2: Stop loss 2023-09-02 11:30 at 96.00, -5,000.00 (-4.95%)',
    );
  });
});
