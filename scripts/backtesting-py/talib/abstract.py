"""The wrapper's abstract API over the stand-in (see __init__.py)."""
from talib import _Function as Function  # noqa: F401
