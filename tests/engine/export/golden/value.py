"""Backtest Studio strategy: GSPC (INDX), 1 day bars, 2019-01-02 to 2019-12-31.

Exported for backtesting.py with TA-Lib. Run it on a CSV of the same bars (a Date column in
UTC, then Open, High, Low, Close, Volume), warm-up bars before the from date included:

    python3 this_file.py bars.csv

Fills: orders placed at a bar's close fill at the next bar's open, as in the run.
Sizing: the cash is divided by the signal bar's close; the run divided by the fill price.
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
RUN_START = pd.Timestamp('2019-01-02')
RUN_END = pd.Timestamp('2019-12-31') + pd.Timedelta(days=1)
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
        # entry row 1: RSI(Timeframe=10) Greater Than 70
        self.entry_1_a = self.I(ta_line, self.data, 'RSI', 'real', timeperiod=10, name="RSI(Timeframe=10)")
        # entry row 2: MACD histogram(Fast Period=12, Slow Period=26, Signal Period=9) Less Than 0
        self.entry_2_a = self.I(ta_line, self.data, 'MACD', 'macdhist', fastperiod=12, slowperiod=26, signalperiod=9, name="MACD histogram(Fast Period=12, Slow Period=26, Signal Period=9)")
        # exit row 1: Stochastic %K(Fast K Period=14, Slow K Period=3, Slow D Period=3) Less Than 20
        self.exit_1_a = self.I(ta_line, self.data, 'STOCH', 'slowk', fastk_period=14, slowk_period=3, slowd_period=3, name="Stochastic %K(Fast K Period=14, Slow K Period=3, Slow D Period=3)")

    def next(self):
        entry_1 = self.entry_1_a[-1] > 70
        entry_2 = self.entry_2_a[-1] < 0
        exit_1 = self.exit_1_a[-1] < 20
        entry_signal = entry_1 or entry_2
        exit_signal = exit_1
        now = self.data.index[-1]
        last_run_bar = now + BAR >= RUN_END
        if self.position:
            if exit_signal or last_run_bar:
                self.position.close()
                return
            trade = self.trades[-1]
            price = trade.entry_price
            trade.sl = price + 50
            trade.tp = price - 120
        elif entry_signal and now >= RUN_START and not last_run_bar:
            self.sell(size=max(1, int(25000 // self.data.Close[-1])))


if __name__ == '__main__':
    bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)
    bars.columns = [column.capitalize() for column in bars.columns]
    backtest = Backtest(bars, ExportedStrategy, cash=INITIAL_CAPITAL, commission=COMMISSION,
                        exclusive_orders=True, finalize_trades=True)
    print(backtest.run())
