"""Backtest Studio strategy: SPY (US), 15 min bars, 2023-03-01 to 2023-03-31.

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


def shifted(values, bars):
    """The series as it stood `bars` bars back (NaN before)."""
    values = np.asarray(values, dtype=float)
    if bars <= 0:
        return values
    return np.concatenate([np.full(bars, np.nan), values[:-bars]])


def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)


def elder_power(data, bars, column):
    """Elder-Ray power: the high (bull) or the low (bear) minus the EMA of the close."""
    close = np.asarray(data.Close, dtype=float)
    return np.asarray(getattr(data, column), dtype=float) - talib.EMA(close, timeperiod=bars)


def midprice_shifted(data, periods, shift):
    """Ichimoku leading span: the mean of the midprices over `periods`, from `shift` bars back."""
    high = np.asarray(data.High, dtype=float)
    low = np.asarray(data.Low, dtype=float)
    span = np.mean([talib.MIDPRICE(high, low, timeperiod=period) for period in periods], axis=0)
    return shifted(span, shift)


def pivots(data, level):
    """Floor pivot levels of the previous trading day's high, low and close."""
    frame = data.df
    day = trading_days(frame.index)
    daily = frame.groupby(day).agg({'High': 'max', 'Low': 'min', 'Close': 'last'}).shift(1)
    high, low, close = (daily[column].reindex(day).to_numpy() for column in ('High', 'Low', 'Close'))
    pivot = (high + low + close) / 3
    return {'P': pivot, 'S1': 2 * pivot - high, 'S2': pivot - (high - low),
            'R1': 2 * pivot - low, 'R2': pivot + (high - low)}[level]


RUN_START = wall_clock('2023-03-01', DAY_OPEN_MINUTE, DAY_ZONE)[0]
RUN_END = wall_clock('2023-04-01', DAY_OPEN_MINUTE, DAY_ZONE)[0]  # the start of the day after the to date


class ExportedStrategy(Strategy):
    def init(self):
        # entry row 1: Ichimoku chikou_span(Timeframe 1=9, Timeframe 2=26, Timeframe 3=52) Greater Than Ichimoku senkou_span_a(Timeframe 1=9, Timeframe 2=26, Timeframe 3=52)
        self.entry_1_a = self.I(lambda d: d.Close, self.data, name='Chikou span')
        self.entry_1_b = self.I(shifted, self.I(midprice_shifted, self.data, (9, 26), 26, name='Senkou span A'), 26, name="Ichimoku senkou_span_a 26 bars back")
        # entry row 2: Close Price Greater Than Pivot Point
        self.entry_2_a = self.I(lambda d: d.Close, self.data, name='Close')
        self.entry_2_b = self.I(pivots, self.data, 'P', name='P')
        # entry row 3: Elder-Ray Bull Power(Timeframe=13) Greater Than Elder-Ray Bear Power(Timeframe=13)
        self.entry_3_a = self.I(elder_power, self.data, 13, 'High', name='Bull power')
        self.entry_3_b = self.I(elder_power, self.data, 13, 'Low', name='Bear power')
        # entry row 4: Kaufman Adaptive MA(Timeframe=12) Crosses Above Bollinger Bands Upper(Timeframe=5, Deviations Up=2.5, Deviations Down=2, MA Type=1)
        self.entry_4_a = self.I(ta_line, self.data, 'KAMA', 'real', timeperiod=12, name="Kaufman Adaptive MA(Timeframe=12)")
        self.entry_4_b = self.I(ta_line, self.data, 'BBANDS', 'upperband', timeperiod=5, nbdevup=2.5, nbdevdn=2, matype=1, name="Bollinger Bands Upper(Timeframe=5, Deviations Up=2.5, Deviations Down=2, MA Type=1)")
        # Left out: entry row 5, Close Price Greater Than Supertrend(Factor=3, ATR Timeframe=10): TA-Lib has no function for Supertrend. The entry signals differ.
        # Every bar's open time (and price), read ahead only for when the next bar opens (and the
        # price the next fill gets).
        self.opens_at = utc(self.data.index)
        self.open_prices = np.asarray(self.data.Open, dtype=float)

    def next(self):
        entry_1 = side(self.entry_1_a, self.entry_1_b) == 1
        entry_2 = side(self.entry_2_a, self.entry_2_b) == 1
        entry_3 = side(self.entry_3_a, self.entry_3_b) == 1
        entry_4 = crossed_above(self.entry_4_a, self.entry_4_b)
        entry_signal = entry_1 and entry_2 and entry_3 and entry_4
        exit_signal = False
        bar = len(self.data) - 1
        # When the next bar opens (None on the last): the daily exit and the run's end follow it.
        next_open = self.opens_at[bar + 1] if bar + 1 < len(self.opens_at) else None
        if self.position:
            if exit_signal:
                self.position.close()
                return
            trade = self.trades[-1]
            price = trade.entry_price
            stop = price - price * 1 / 100
            trade.sl = stop if stop > 0 else None
        elif (entry_signal and self.opens_at[bar] >= RUN_START and next_open is not None
              and next_open < RUN_END):
            price = self.open_prices[bar + 1]  # the fill: the next bar's open
            # The levels, measured from the fill, act on the entry bar as in the run. backtesting.py
            # takes none beyond this bar's close (after a gap): such a level starts at the next close.
            close = self.data.Close[-1]
            stop = price - price * 1 / 100
            self.buy(size=max(1, int(self.equity * 1 / 100 / (price * 1 / 100))), sl=stop if 0 < stop < close else None)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0)
    bars.index = utc(bars.index)
    bars.columns = [column.capitalize() for column in bars.columns]
    # The run's bars: backtesting.py closes what is open on the last (finalize_trades).
    bars = bars[bars.index < RUN_END]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
