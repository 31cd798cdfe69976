"""A stand-in for the Python TA-Lib wrapper, only for regenerating the backtesting.py goldens.

It answers the calls the exported strategies make, `talib.abstract.Function(name)(inputs,
**parameters)` and `talib.NAME(array, ..., **parameters)`, by running talib-bridge.mjs: the npm
`talib` addon, the same C library the wrapper binds. Functions of one real input (the close) or
of named price inputs (open, high, low, close, volume) only.
"""
import json
import os
import subprocess

import numpy as np

_BRIDGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'talib-bridge.mjs')


def _bridge(request):
    answer = subprocess.run([os.environ.get('BT_NODE', 'node'), _BRIDGE], input=json.dumps(request),
                            capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)


def _series(values):
    return [None if np.isnan(value) else float(value) for value in np.asarray(values, dtype=float)]


class _Function:
    """One TA-Lib function, called as the wrapper's abstract API calls it."""

    def __init__(self, name):
        self.name = name.upper()
        names = _bridge({'name': self.name})
        self.input_names = names['inputNames']
        self.output_names = names['outputNames']

    def __call__(self, inputs, **parameters):
        series = {name: _series(inputs[name]) for name in self.input_names}
        answer = _bridge({'name': self.name, 'inputs': series, 'parameters': parameters})
        outputs = [np.array([np.nan if value is None else value for value in output], dtype=float)
                   for output in answer['outputs']]
        return outputs[0] if len(outputs) == 1 else outputs

    def call_with_arrays(self, *arrays, **parameters):
        """The wrapper's function API: the input arrays in TA-Lib's order."""
        return self(dict(zip(self.input_names, arrays)), **parameters)


def __getattr__(name):
    if name.isupper():
        return _Function(name).call_with_arrays
    raise AttributeError(name)
