import { describe, expect, it } from 'vitest';
import { seriesFromColumns } from '../../../../src/engine/candles/series';
import {
  CHART_COLORS,
  arrowsOnly,
  firstMarkerAtOrAfter,
  markerTrade,
  markersHaveRoomForText,
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

  it('does not colour exits like the candles', () => {
    const colours = new Set<string>([CHART_COLORS.win, CHART_COLORS.loss]);
    expect(colours.has(CHART_COLORS.up)).toBe(false);
    expect(colours.has(CHART_COLORS.down)).toBe(false);
    expect(CHART_COLORS.win).not.toBe(CHART_COLORS.loss);
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
