/**
 * The functions an exported Python file defines when its rows or rules need them: indicator
 * lines TA-Lib lacks, and the clock (bar times in UTC, wall-clock times in a zone, trading days).
 */
import type { PythonHelper } from './indicator-code';

export type PythonFunction =
  | PythonHelper
  | 'shifted'
  | 'utc'
  | 'trading_days'
  | 'wall_clock'
  | 'next_wall_clock'
  | 'day_start'
  | 'side'
  | 'crossed_above';

/** In the order a file defines them. */
const ORDER: readonly PythonFunction[] = [
  'utc',
  'trading_days',
  'wall_clock',
  'next_wall_clock',
  'day_start',
  'side',
  'crossed_above',
  'shifted',
  'ta_line',
  'vwap',
  'session_vwap',
  'elder_power',
  'midprice_shifted',
  'pivots',
];

/** The functions each one calls. */
const CALLS: Partial<Record<PythonFunction, readonly PythonFunction[]>> = {
  trading_days: ['utc'],
  next_wall_clock: ['wall_clock'],
  day_start: ['trading_days', 'wall_clock'],
  crossed_above: ['side'],
  session_vwap: ['trading_days'],
  pivots: ['trading_days'],
  midprice_shifted: ['shifted'],
};

/** The code of the functions named and of those they call, in the file's order. */
export function pythonFunctions(names: Iterable<PythonFunction>): string[] {
  const needed = new Set<PythonFunction>();
  const add = (name: PythonFunction) => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const called of CALLS[name] ?? []) add(called);
  };
  for (const name of names) add(name);
  return ORDER.filter((name) => needed.has(name)).map((name) => CODE[name]);
}

const CODE: Record<PythonFunction, string> = {
  utc: `def utc(times):
    """Times in UTC, whether they carry a zone (Z, -05:00) or not (then they are in UTC)."""
    return pd.DatetimeIndex(pd.to_datetime(times, utc=True))`,
  trading_days: `def trading_days(times):
    """The date of each time's trading day (days start at DAY_OPEN_MINUTE in DAY_ZONE)."""
    wall = utc(times).tz_convert(DAY_ZONE).tz_localize(None) - pd.Timedelta(minutes=DAY_OPEN_MINUTE)
    return wall.normalize()`,
  wall_clock: `def wall_clock(date, minute, zone):
    """The instants at which the clock of \`zone\` reads \`minute\` (after midnight) on \`date\`: two
    when the clock is set back over it, the jump when it skips it."""
    wall = pd.Timestamp(date) + pd.Timedelta(minutes=minute)
    return sorted({wall.tz_localize(zone, ambiguous=first, nonexistent='shift_forward').tz_convert('UTC')
                   for first in (True, False)})`,
  next_wall_clock: `def next_wall_clock(after, minute, zone):
    """The first instant after \`after\` at which the clock of \`zone\` reads \`minute\`."""
    date = after.tz_convert(zone).tz_localize(None).normalize()
    return min(instant for days in range(3)
               for instant in wall_clock(date + pd.Timedelta(days=days), minute, zone) if instant > after)`,
  day_start: `def day_start(time):
    """When the trading day holding \`time\` started."""
    return wall_clock(trading_days([time])[0], DAY_OPEN_MINUTE, DAY_ZONE)[0]`,
  side: `def side(a, b, back=1):
    """How a stands against b \`back\` bars before the next (1: on this bar): 1 above, -1 below,
    0 equal within one part in a billion of the larger (as in the run), None without a value.
    A number stands for itself."""
    x = a if isinstance(a, (int, float)) else float(a[-back])
    y = b if isinstance(b, (int, float)) else float(b[-back])
    if math.isnan(x) or math.isnan(y):
        return None
    if abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)):
        return 0
    return 1 if x > y else -1`,
  crossed_above: `def crossed_above(a, b):
    """Whether a crossed above b on this bar, as in the run: above now, and below on the last
    earlier bar where the two were not equal (a bar without a value forgets the side)."""
    if side(a, b) != 1:
        return False
    bars = len(b) if isinstance(a, (int, float)) else len(a)
    for back in range(2, bars + 1):
        earlier = side(a, b, back)
        if earlier != 0:
            return earlier == -1
    return False`,
  shifted: `def shifted(values, bars):
    """The series as it stood \`bars\` bars back (NaN before)."""
    values = np.asarray(values, dtype=float)
    if bars <= 0:
        return values
    return np.concatenate([np.full(bars, np.nan), values[:-bars]])`,
  ta_line: `def ta_line(data, function, output, **parameters):
    """One output line of a TA-Lib function over the bars, by TA-Lib's output name."""
    inputs = {name.lower(): np.asarray(getattr(data, name), dtype=float)
              for name in ('Open', 'High', 'Low', 'Close', 'Volume')}
    indicator = abstract.Function(function)
    result = indicator(inputs, **parameters)
    if isinstance(result, list):
        return result[list(indicator.output_names).index(output)]
    return np.asarray(result, dtype=float)`,
  vwap: `def vwap(data, bars):
    """Volume-weighted typical price of the last \`bars\` bars."""
    frame = data.df
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).rolling(bars).sum() / frame.Volume.rolling(bars).sum()).to_numpy()`,
  session_vwap: `def session_vwap(data):
    """Volume-weighted typical price since the start of each trading day."""
    frame = data.df
    day = trading_days(frame.index)
    typical = (frame.High + frame.Low + frame.Close) / 3
    return ((typical * frame.Volume).groupby(day).cumsum() / frame.Volume.groupby(day).cumsum()).to_numpy()`,
  elder_power: `def elder_power(data, bars, column):
    """Elder-Ray power: the high (bull) or the low (bear) minus the EMA of the close."""
    close = np.asarray(data.Close, dtype=float)
    return np.asarray(getattr(data, column), dtype=float) - talib.EMA(close, timeperiod=bars)`,
  midprice_shifted: `def midprice_shifted(data, periods, shift):
    """Ichimoku leading span: the mean of the midprices over \`periods\`, from \`shift\` bars back."""
    high = np.asarray(data.High, dtype=float)
    low = np.asarray(data.Low, dtype=float)
    span = np.mean([talib.MIDPRICE(high, low, timeperiod=period) for period in periods], axis=0)
    return shifted(span, shift)`,
  pivots: `def pivots(data, level):
    """Floor pivot levels of the previous trading day's high, low and close."""
    frame = data.df
    day = trading_days(frame.index)
    daily = frame.groupby(day).agg({'High': 'max', 'Low': 'min', 'Close': 'last'}).shift(1)
    high, low, close = (daily[column].reindex(day).to_numpy() for column in ('High', 'Low', 'Close'))
    pivot = (high + low + close) / 3
    return {'P': pivot, 'S1': 2 * pivot - high, 'S2': pivot - (high - low),
            'R1': 2 * pivot - low, 'R2': pivot + (high - low)}[level]`,
};
