/**
 * One time axis for the result page's charts: zooming or scrolling one chart moves the others
 * to the same time range. Only the chart the user is working with (the last one pointed at,
 * wheeled or touched) leads, so the followers' own range events never echo back and drift.
 */
import type { IChartApi, IRange, Time, UTCTimestamp } from 'lightweight-charts';

const LEAD_EVENTS = ['pointerenter', 'pointerdown', 'wheel', 'touchstart'] as const;

export class TimeAxisSync {
  private readonly charts = new Set<IChartApi>();
  private leader: IChartApi | null = null;

  /** Links the chart until the returned function is called (before chart.remove()). */
  attach(chart: IChartApi): () => void {
    const element = chart.chartElement();
    const lead = () => {
      this.leader = chart;
    };
    const follow = (range: IRange<Time> | null) => {
      writeVisibleRange(element, range);
      if (this.leader !== chart || range === null) return;
      for (const other of this.charts) {
        if (other === chart) continue;
        try {
          other.timeScale().setVisibleRange(range);
        } catch {
          // A chart with no data yet has no range to set; it opens on the whole period later.
        }
      }
    };
    this.charts.add(chart);
    for (const type of LEAD_EVENTS) element.addEventListener(type, lead, { passive: true });
    chart.timeScale().subscribeVisibleTimeRangeChange(follow);
    return () => {
      chart.timeScale().unsubscribeVisibleTimeRangeChange(follow);
      for (const type of LEAD_EVENTS) element.removeEventListener(type, lead);
      this.charts.delete(chart);
      if (this.leader === chart) this.leader = null;
    };
  }

  /** Moves every linked chart to the range (unix seconds), e.g. to show one trade. */
  show(range: { from: number; to: number }) {
    this.leader = null;
    for (const chart of this.charts) {
      try {
        chart.timeScale().setVisibleRange({ from: range.from as UTCTimestamp, to: range.to as UTCTimestamp });
      } catch {
        // A chart with no data yet has no range to set.
      }
    }
  }
}

/** The visible range in unix seconds, readable from the page (a canvas hides it otherwise). */
function writeVisibleRange(element: HTMLElement, range: IRange<Time> | null) {
  element.dataset.visibleFrom = range ? String(range.from) : '';
  element.dataset.visibleTo = range ? String(range.to) : '';
}
