"""Backtest Studio strategy: AAPL (US), 1 hour bars, 2023-09-05 to 2023-09-15.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column, then
Open, High, Low, Close, Volume; times with a zone such as Z or -05:00, or else in UTC), warm-up
bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run. The run's
trading days start at 09:30 in America/New_York; its last bar closes what is still open.
Sizing: the run bought fractional units with all the equity; backtesting.py buys whole units (use backtesting.lib.FractionalBacktest for fractions).
Slippage: the run moved every fill 0.02 price points against the trade; backtesting.py has a relative spread instead (not set here).
"""
import math
import sys

import numpy as np
import pandas as pd
import talib
from talib import abstract
from backtesting import Backtest, Strategy

INITIAL_CAPITAL = 50000
COMMISSION = 0.1 / 100  # of the traded value, per fill
DAY_ZONE = 'America/New_York'
DAY_OPEN_MINUTE = 570  # trading days start then
EXIT_ZONE = 'America/New_York'  # daily exit at 15:30 EST
EXIT_MINUTE = 930


def utc(times):
    """Times in UTC, whether they carry a zone (Z, -05:00) or not (then they are in UTC)."""
    return pd.DatetimeIndex(pd.to_datetime(times, utc=True))


def trading_days(times):
    """The date of each time's trading day (days start at DAY_OPEN_MINUTE in DAY_ZONE)."""
    wall = utc(times).tz_convert(DAY_ZONE).tz_localize(None) - pd.Timedelta(minutes=DAY_OPEN_MINUTE)
    return wall.normalize()


def wall_clock(date, minute, zone):
    """The instants at which the clock of `zone` reads `minute` (after midnight) on `date`: two
    when the clock is set back over it, the jump when it skips it."""
    wall = pd.Timestamp(date) + pd.Timedelta(minutes=minute)
    return sorted({wall.tz_localize(zone, ambiguous=first, nonexistent='shift_forward').tz_convert('UTC')
                   for first in (True, False)})


def next_wall_clock(after, minute, zone):
    """The first instant after `after` at which the clock of `zone` reads `minute`."""
    date = after.tz_convert(zone).tz_localize(None).normalize()
    return min(instant for days in range(3)
               for instant in wall_clock(date + pd.Timedelta(days=days), minute, zone) if instant > after)


def day_start(time):
    """When the trading day holding `time` started."""
    return wall_clock(trading_days([time])[0], DAY_OPEN_MINUTE, DAY_ZONE)[0]


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


def session_vwap(data):
    """Volume-weighted typical price since the start of each trading day."""
    frame = data.df
    day = trading_days(frame.index)
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).groupby(day).cumsum() / frame.Volume.groupby(day).cumsum()).to_numpy()


RUN_START = wall_clock('2023-09-05', DAY_OPEN_MINUTE, DAY_ZONE)[0]
RUN_END = wall_clock('2023-09-16', DAY_OPEN_MINUTE, DAY_ZONE)[0]  # the start of the day after the to date


class ExportedStrategy(Strategy):
    def init(self):
        # entry row 1: SMA(Timeframe=10) Crosses Above SMA(Timeframe=20)
        self.entry_1_a = self.I(ta_line, self.data, 'SMA', 'real', timeperiod=10, name="SMA(Timeframe=10)")
        self.entry_1_b = self.I(ta_line, self.data, 'SMA', 'real', timeperiod=20, name="SMA(Timeframe=20)")
        # entry row 2: Close Price Greater Than Bollinger Middle(Timeframe=20)
        self.entry_2_a = self.I(lambda d: d.Close, self.data, name='Close')
        self.entry_2_b = self.I(ta_line, self.data, 'BBANDS', 'middleband', timeperiod=20, name="Bollinger Middle(Timeframe=20)")
        # exit row 1: EMA(Timeframe=8) Crosses Below VWAP(Timeframe=session)
        self.exit_1_a = self.I(ta_line, self.data, 'EMA', 'real', timeperiod=8, name="EMA(Timeframe=8)")
        self.exit_1_b = self.I(session_vwap, self.data, name='VWAP')
        # Every bar's open time (and price), read ahead only for when the next bar opens (and the
        # price the next fill gets).
        self.opens_at = utc(self.data.index)
        self.open_prices = np.asarray(self.data.Open, dtype=float)
        self.best = None

    def next(self):
        entry_1 = crossed_above(self.entry_1_a, self.entry_1_b)
        entry_2 = side(self.entry_2_a, self.entry_2_b) == 1
        exit_1 = crossed_above(self.exit_1_b, self.exit_1_a)
        entry_signal = entry_1 and entry_2
        exit_signal = exit_1
        bar = len(self.data) - 1
        # When the next bar opens (None on the last): the daily exit and the run's end follow it.
        next_open = self.opens_at[bar + 1] if bar + 1 < len(self.opens_at) else None
        if self.position:
            trade = self.trades[-1]
            exit_time = next_open is not None and next_open >= next_wall_clock(
                self.opens_at[trade.entry_bar], EXIT_MINUTE, EXIT_ZONE)
            if exit_signal or exit_time:
                self.position.close()
                return
            price = trade.entry_price
            self.best = max(self.best, self.data.High[-1])
            stop = max(price - price * 2 / 100, self.best - 1.5)
            trade.sl = stop if stop > 0 else None
            target = price + price * 4 / 100
            trade.tp = target
        elif (entry_signal and self.opens_at[bar] >= RUN_START and next_open is not None
              and next_open < RUN_END and next_open < next_wall_clock(day_start(next_open), EXIT_MINUTE, EXIT_ZONE)):
            price = self.open_prices[bar + 1]  # the fill: the next bar's open
            self.best = price
            # The levels, measured from the fill, act on the entry bar as in the run. backtesting.py
            # takes none beyond this bar's close (after a gap): such a level starts at the next close.
            close = self.data.Close[-1]
            stop = max(price - price * 2 / 100, self.best - 1.5)
            target = price + price * 4 / 100
            self.buy(size=0.9999, sl=stop if 0 < stop < close else None, tp=target if target > close else None)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0)
    bars.index = utc(bars.index)
    bars.columns = [column.capitalize() for column in bars.columns]
    # The run's bars: backtesting.py closes what is open on the last (finalize_trades).
    bars = bars[bars.index < RUN_END]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
