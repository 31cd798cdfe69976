"""Backtest Studio strategy: MSFT (US), 1 day bars, 2023-01-03 to 2023-06-30.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column, then
Open, High, Low, Close, Volume; times with a zone such as Z or -05:00, or else in UTC), warm-up
bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run. The run's
trading days start at 09:30 in America/New_York; its last bar closes what is still open.
"""
import math
import sys

import numpy as np
import pandas as pd
import talib
from talib import abstract
from backtesting import Backtest, Strategy

INITIAL_CAPITAL = 100000
COMMISSION = 0 / 100  # of the traded value, per fill
DAY_ZONE = 'America/New_York'
DAY_OPEN_MINUTE = 570  # trading days start then


def utc(times):
    """Times in UTC, whether they carry a zone (Z, -05:00) or not (then they are in UTC)."""
    return pd.DatetimeIndex(pd.to_datetime(times, utc=True))


def wall_clock(date, minute, zone):
    """The instants at which the clock of `zone` reads `minute` (after midnight) on `date`: two
    when the clock is set back over it, the jump when it skips it."""
    wall = pd.Timestamp(date) + pd.Timedelta(minutes=minute)
    return sorted({wall.tz_localize(zone, ambiguous=first, nonexistent='shift_forward').tz_convert('UTC')
                   for first in (True, False)})


def side(a, b, back=1):
    """How a stands against b `back` bars before the next (1: on this bar): 1 above, -1 below,
    0 equal within one part in a billion of the larger (as in the run), None without a value.
    A number stands for itself."""
    x = a if isinstance(a, (int, float)) else float(a[-back])
    y = b if isinstance(b, (int, float)) else float(b[-back])
    if math.isnan(x) or math.isnan(y):
        return None
    if abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)):
        return 0
    return 1 if x > y else -1


def crossed_above(a, b):
    """Whether a crossed above b on this bar, as in the run: above now, and below on the last
    earlier bar where the two were not equal (a bar without a value forgets the side)."""
    if side(a, b) != 1:
        return False
    bars = len(b) if isinstance(a, (int, float)) else len(a)
    for back in range(2, bars + 1):
        earlier = side(a, b, back)
        if earlier != 0:
            return earlier == -1
    return False


def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)


RUN_START = wall_clock('2023-01-03', DAY_OPEN_MINUTE, DAY_ZONE)[0]
RUN_END = wall_clock('2023-07-01', DAY_OPEN_MINUTE, DAY_ZONE)[0]  # the start of the day after the to date


class ExportedStrategy(Strategy):
    def init(self):
        # entry row 1: candlestick Hammer (bullish)
        self.entry_1 = self.I(ta_line, self.data, 'CDLHAMMER', 'integer', name='Hammer')
        # entry row 2: candlestick Doji (either)
        self.entry_2 = self.I(ta_line, self.data, 'CDLDOJI', 'integer', name='Doji')
        # exit row 1: Close Price Crosses Below Parabolic SAR
        self.exit_1_a = self.I(lambda d: d.Close, self.data, name='Close')
        self.exit_1_b = self.I(ta_line, self.data, 'SAR', 'real', name="Parabolic SAR")
        # Every bar's open time (and price), read ahead only for when the next bar opens (and the
        # price the next fill gets).
        self.opens_at = utc(self.data.index)

    def next(self):
        entry_1 = self.entry_1[-1] > 0
        entry_2 = self.entry_2[-1] != 0
        exit_1 = crossed_above(self.exit_1_b, self.exit_1_a)
        entry_signal = entry_1 or entry_2
        exit_signal = exit_1
        bar = len(self.data) - 1
        # When the next bar opens (None on the last): the daily exit and the run's end follow it.
        next_open = self.opens_at[bar + 1] if bar + 1 < len(self.opens_at) else None
        if self.position:
            if exit_signal:
                self.position.close()
                return
        elif (entry_signal and self.opens_at[bar] >= RUN_START and next_open is not None
              and next_open < RUN_END):
            self.buy(size=10)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0)
    bars.index = utc(bars.index)
    bars.columns = [column.capitalize() for column in bars.columns]
    # The run's bars: backtesting.py closes what is open on the last (finalize_trades).
    bars = bars[bars.index < RUN_END]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
