"""The SMA 10/20 cross of bench/backtest.ts in backtesting.py, as a whole process a user runs:

    BT_PYTHONPATH=<backtesting.py checkout> python3 bench/backtesting-py-sma.py bars.csv

Reads the bench's CSV with pandas, buys when SMA(10) crosses above SMA(20) and closes when it
crosses below, without costs, and prints the number of trades. bench/backtesting-py.ts times it.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "backtesting-py"))
sys.path.insert(0, os.environ["BT_PYTHONPATH"])

from run_export import _BokehStandIn  # noqa: E402  (bokeh, plotting only, is not installed)

sys.meta_path.insert(0, _BokehStandIn())

import pandas as pd  # noqa: E402
from backtesting import Backtest, Strategy  # noqa: E402
from backtesting.lib import crossover  # noqa: E402


def sma(values, length):
    return pd.Series(values).rolling(length).mean()


class SmaCross(Strategy):
    def init(self):
        self.fast = self.I(sma, self.data.Close, 10)
        self.slow = self.I(sma, self.data.Close, 20)

    def next(self):
        if not self.position and crossover(self.fast, self.slow):
            self.buy()
        elif self.position and crossover(self.slow, self.fast):
            self.position.close()


bars = pd.read_csv(sys.argv[1], index_col=0, parse_dates=True)
bars.columns = [name.capitalize() for name in bars.columns]
stats = Backtest(bars, SmaCross, cash=1_000_000_000, commission=0, finalize_trades=True).run()
print(stats["# Trades"])
