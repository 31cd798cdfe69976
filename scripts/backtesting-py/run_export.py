"""Runs an exported strategy file as its user would, `python3 strategy.py bars.csv`, in
backtesting.py, and writes the trades the run made as CSV: entry and exit bar open times, ISO
8601 UTC. Only for regenerating the goldens (scripts/backtesting-py-goldens.mjs):

    python3 run_export.py strategy.py bars.csv trades.csv

backtesting.py must be importable (PYTHONPATH). Its plotting library, bokeh, is never used here
and is stood in for by empty modules; TA-Lib is the stand-in package next to this file.
"""
import importlib.abc
import importlib.machinery
import runpy
import sys
import types


class _Anything:
    """Any name imported from the stand-in bokeh: callable, subscriptable, never used."""

    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return _Anything()

    def __getattr__(self, name):
        return _Anything()

    def __getitem__(self, key):
        return _Anything()


class _BokehStandIn(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers every import of bokeh and its submodules with an empty module."""

    def find_spec(self, name, path=None, target=None):
        if name == 'bokeh' or name.startswith('bokeh.'):
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = lambda name: _Anything
        return module

    def exec_module(self, module):
        pass


def main(strategy_file, bars_file, trades_file):
    sys.meta_path.insert(0, _BokehStandIn())
    import backtesting

    results = []
    run = backtesting.Backtest.run

    def kept_run(self, **kwargs):
        results.append(run(self, **kwargs))
        return results[-1]

    backtesting.Backtest.run = kept_run
    sys.argv = [strategy_file, bars_file]
    runpy.run_path(strategy_file, run_name='__main__')
    trades = results[-1]['_trades']
    with open(trades_file, 'w', encoding='utf-8') as out:
        out.write('entryTime,exitTime\n')
        for entry, exit in zip(trades['EntryTime'], trades['ExitTime']):
            out.write(f'{_iso(entry)},{_iso(exit)}\n')


def _iso(time):
    """A bar time as the engine writes it: UTC, milliseconds, Z (a naive time is UTC)."""
    utc = time.tz_convert('UTC') if time.tzinfo is not None else time
    return utc.strftime('%Y-%m-%dT%H:%M:%S.') + f'{utc.microsecond // 1000:03d}Z'


if __name__ == '__main__':
    main(*sys.argv[1:4])
