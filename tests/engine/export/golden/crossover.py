"""Backtest Studio strategy: AAPL (US), 1 hour bars, 2023-09-05 to 2023-09-15.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column in
UTC, then Open, High, Low, Close, Volume), warm-up bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run.
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
from backtesting.lib import crossover

INITIAL_CAPITAL = 50000
COMMISSION = 0.1 / 100  # of the traded value, per fill
RUN_START = pd.Timestamp('2023-09-05')
RUN_END = pd.Timestamp('2023-09-15') + pd.Timedelta(days=1)
BAR = pd.Timedelta(minutes=60)
EXIT_ZONE = 'America/New_York'  # daily exit at 15:30 EST
EXIT_MINUTE = 930

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
    """Volume-weighted typical price since the start of each UTC day."""
    frame = data.df
    day = frame.index.normalize()
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).groupby(day).cumsum() / frame.Volume.groupby(day).cumsum()).to_numpy()


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
        self.best = None

    def next(self):
        entry_1 = crossover(self.entry_1_a, self.entry_1_b)
        entry_2 = self.entry_2_a[-1] > self.entry_2_b[-1]
        exit_1 = crossover(self.exit_1_b, self.exit_1_a)
        entry_signal = entry_1 and entry_2
        exit_signal = exit_1
        now = self.data.index[-1]
        last_run_bar = now + BAR >= RUN_END
        next_open = (now + BAR).tz_localize('UTC').tz_convert(EXIT_ZONE) if now.tzinfo is None else (now + BAR).tz_convert(EXIT_ZONE)
        this_open = next_open - BAR
        exit_time_next = (next_open.hour * 60 + next_open.minute >= EXIT_MINUTE and (this_open.hour * 60 + this_open.minute < EXIT_MINUTE or this_open.date() != next_open.date()))
        squared_off = next_open.hour * 60 + next_open.minute >= EXIT_MINUTE
        if self.position:
            if exit_signal or last_run_bar or exit_time_next:
                self.position.close()
                return
            trade = self.trades[-1]
            price = trade.entry_price
            self.best = max(self.best if self.best is not None else price, self.data.High[-1])
            trade.sl = max(price - price * 2 / 100, self.best - 1.5)
            trade.tp = price + price * 4 / 100
        elif entry_signal and now >= RUN_START and not last_run_bar and not squared_off:
            self.best = None
            self.buy(size=0.9999)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)
    bars.columns = [column.capitalize() for column in bars.columns]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
