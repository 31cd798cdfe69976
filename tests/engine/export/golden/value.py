"""Backtest Studio strategy: GSPC (INDX), 1 day bars, 2019-01-02 to 2019-12-31.

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


def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)


RUN_START = wall_clock('2019-01-02', DAY_OPEN_MINUTE, DAY_ZONE)[0]
RUN_END = wall_clock('2020-01-01', DAY_OPEN_MINUTE, DAY_ZONE)[0]  # the start of the day after the to date


class ExportedStrategy(Strategy):
    def init(self):
        # entry row 1: RSI(Timeframe=10) Greater Than 70
        self.entry_1_a = self.I(ta_line, self.data, 'RSI', 'real', timeperiod=10, name="RSI(Timeframe=10)")
        # entry row 2: MACD histogram(Fast Period=12, Slow Period=26, Signal Period=9) Less Than 0
        self.entry_2_a = self.I(ta_line, self.data, 'MACD', 'macdhist', fastperiod=12, slowperiod=26, signalperiod=9, name="MACD histogram(Fast Period=12, Slow Period=26, Signal Period=9)")
        # exit row 1: Stochastic %K(Fast K Period=14, Slow K Period=3, Slow D Period=3) Less Than 20
        self.exit_1_a = self.I(ta_line, self.data, 'STOCH', 'slowk', fastk_period=14, slowk_period=3, slowd_period=3, name="Stochastic %K(Fast K Period=14, Slow K Period=3, Slow D Period=3)")
        # Every bar's open time (and price), read ahead only for when the next bar opens (and the
        # price the next fill gets).
        self.opens_at = utc(self.data.index)
        self.open_prices = np.asarray(self.data.Open, dtype=float)

    def next(self):
        entry_1 = side(self.entry_1_a, 70) == 1
        entry_2 = side(self.entry_2_a, 0) == -1
        exit_1 = side(self.exit_1_a, 20) == -1
        entry_signal = entry_1 or entry_2
        exit_signal = exit_1
        bar = len(self.data) - 1
        # When the next bar opens (None on the last): the daily exit and the run's end follow it.
        next_open = self.opens_at[bar + 1] if bar + 1 < len(self.opens_at) else None
        if self.position:
            if exit_signal:
                self.position.close()
                return
            trade = self.trades[-1]
            price = trade.entry_price
            stop = price + 50
            trade.sl = stop
            target = price - 120
            trade.tp = target if target > 0 else None
        elif (entry_signal and self.opens_at[bar] >= RUN_START and next_open is not None
              and next_open < RUN_END):
            price = self.open_prices[bar + 1]  # the fill: the next bar's open
            # The levels, measured from the fill, act on the entry bar as in the run. backtesting.py
            # takes none beyond this bar's close (after a gap): such a level starts at the next close.
            close = self.data.Close[-1]
            stop = price + 50
            target = price - 120
            self.sell(size=max(1, int(25000 // price)), sl=stop if stop > close else None, tp=target if 0 < target < close else None)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0)
    bars.index = utc(bars.index)
    bars.columns = [column.capitalize() for column in bars.columns]
    # The run's bars: backtesting.py closes what is open on the last (finalize_trades).
    bars = bars[bars.index < RUN_END]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
