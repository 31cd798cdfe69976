"""Backtest Studio strategy: SPY (US), 15 min bars, 2023-03-01 to 2023-03-31.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column in
UTC, then Open, High, Low, Close, Volume), warm-up bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run.
Sizing: the stop distance is measured from the signal bar's close; the run measured it from the fill price.
"""
import math
import sys

import numpy as np
import pandas as pd
import talib
from talib import abstract
from backtesting import Backtest, Strategy
from backtesting.lib import crossover

INITIAL_CAPITAL = 100000
COMMISSION = 0 / 100  # of the traded value, per fill
RUN_START = pd.Timestamp('2023-03-01')
RUN_END = pd.Timestamp('2023-03-31') + pd.Timedelta(days=1)
BAR = pd.Timedelta(minutes=15)

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
    """Floor pivot levels of the previous UTC day's high, low and close."""
    frame = data.df
    day = frame.index.normalize()
    daily = frame.groupby(day).agg({'High': 'max', 'Low': 'min', 'Close': 'last'}).shift(1)
    high, low, close = (daily[column].reindex(day).to_numpy() for column in ('High', 'Low', 'Close'))
    pivot = (high + low + close) / 3
    return {'P': pivot, 'S1': 2 * pivot - high, 'S2': pivot - (high - low),
            'R1': 2 * pivot - low, 'R2': pivot + (high - low)}[level]


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

    def next(self):
        entry_1 = self.entry_1_a[-1] > self.entry_1_b[-1]
        entry_2 = self.entry_2_a[-1] > self.entry_2_b[-1]
        entry_3 = self.entry_3_a[-1] > self.entry_3_b[-1]
        entry_4 = crossover(self.entry_4_a, self.entry_4_b)
        entry_signal = entry_1 and entry_2 and entry_3 and entry_4
        exit_signal = False
        now = self.data.index[-1]
        last_run_bar = now + BAR >= RUN_END
        if self.position:
            if exit_signal or last_run_bar:
                self.position.close()
                return
            trade = self.trades[-1]
            price = trade.entry_price
            trade.sl = price - price * 1 / 100
        elif entry_signal and now >= RUN_START and not last_run_bar:
            self.buy(size=max(1, int(self.equity * 1 / 100 / (self.data.Close[-1] * 1 / 100))))


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)
    bars.columns = [column.capitalize() for column in bars.columns]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
