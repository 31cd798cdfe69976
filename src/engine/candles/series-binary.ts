/**
 * A candle series as one compact binary block, to store parsed bars (an uploaded dataset) and
 * read them back without parsing text: a 16-byte header ("OHLCV\0" version 1, then the bar
 * count as a 32-bit unsigned integer), then the six columns t, o, h, l, c, v one after the
 * other as little-endian float64, so each column is read as a typed-array view with no copy.
 * The calendar is not stored: it belongs to where the bars come from, not to the bars.
 */
import type { CandleSeries } from './series';

const MAGIC = [0x4f, 0x48, 0x4c, 0x43, 0x56, 0x00]; // "OHLCV\0"
const VERSION = 1;
const HEADER_BYTES = 16;
const FIELDS = ['t', 'o', 'h', 'l', 'c', 'v'] as const;

/** Float64Array uses the platform's byte order; every runtime we ship to is little-endian. */
function assertLittleEndian(): void {
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) {
    throw new Error('Stored candle columns are little-endian; this platform is not');
  }
}

export function encodeSeries(series: CandleSeries): Uint8Array {
  assertLittleEndian();
  const bars = series.t.length;
  const bytes = new Uint8Array(HEADER_BYTES + FIELDS.length * bars * 8);
  bytes.set(MAGIC);
  const header = new DataView(bytes.buffer);
  header.setUint16(6, VERSION, true);
  header.setUint32(8, bars, true);
  FIELDS.forEach((field, column) => {
    new Float64Array(bytes.buffer, HEADER_BYTES + column * bars * 8, bars).set(series[field]);
  });
  return bytes;
}

/** The series stored by encodeSeries; RangeError when `buffer` is not such a block. */
export function decodeSeries(buffer: ArrayBuffer): CandleSeries {
  assertLittleEndian();
  const bytes = new Uint8Array(buffer);
  const header = new DataView(buffer);
  if (buffer.byteLength < HEADER_BYTES || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new RangeError('Not a stored candle series');
  }
  if (header.getUint16(6, true) !== VERSION) {
    throw new RangeError(`Stored candle series version ${header.getUint16(6, true)} is not supported`);
  }
  const bars = header.getUint32(8, true);
  if (buffer.byteLength !== HEADER_BYTES + FIELDS.length * bars * 8) {
    throw new RangeError(`Stored candle series of ${bars} bars has ${buffer.byteLength} bytes`);
  }
  const column = (index: number) => new Float64Array(buffer, HEADER_BYTES + index * bars * 8, bars);
  return { t: column(0), o: column(1), h: column(2), l: column(3), c: column(4), v: column(5) };
}
