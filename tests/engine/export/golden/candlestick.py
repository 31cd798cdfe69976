"""Backtest Studio strategy: MSFT (US), 1 day bars, 2023-01-03 to 2023-06-30.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column in
UTC, then Open, High, Low, Close, Volume), warm-up bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run.
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
RUN_START = pd.Timestamp('2023-01-03')
RUN_END = pd.Timestamp('2023-06-30') + pd.Timedelta(days=1)
BAR = pd.Timedelta(minutes=1440)

def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)


class ExportedStrategy(Strategy):
    def init(self):
        # entry row 1: candlestick Hammer (bullish)
        self.entry_1 = self.I(ta_line, self.data, 'CDLHAMMER', 'integer', name='Hammer')
        # entry row 2: candlestick Doji (either)
        self.entry_2 = self.I(ta_line, self.data, 'CDLDOJI', 'integer', name='Doji')
        # exit row 1: Close Price Crosses Below Parabolic SAR
        self.exit_1_a = self.I(lambda d: d.Close, self.data, name='Close')
        self.exit_1_b = self.I(ta_line, self.data, 'SAR', 'real', name="Parabolic SAR")

    def next(self):
        entry_1 = self.entry_1[-1] > 0
        entry_2 = self.entry_2[-1] != 0
        exit_1 = crossover(self.exit_1_b, self.exit_1_a)
        entry_signal = entry_1 or entry_2
        exit_signal = exit_1
        now = self.data.index[-1]
        last_run_bar = now + BAR >= RUN_END
        if self.position:
            if exit_signal or last_run_bar:
                self.position.close()
                return
        elif entry_signal and now >= RUN_START and not last_run_bar:
            self.buy(size=10)


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)
    bars.columns = [column.capitalize() for column in bars.columns]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
