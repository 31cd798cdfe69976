/**
 * Long arrays as JSON text, a chunk of items at a time: each chunk is one JSON.stringify of plain
 * values (V8 formats the numbers natively, NaN and the infinities as null), so the text is byte
 * for byte JSON.stringify of the whole array, never held as one string.
 */

/** Where text goes: the output sink, or pieces gathered on the helper thread. */
export interface TextSink {
  write(text: string): void;
}

/** Items per JSON.stringify call: small enough to stay in the young generation, large enough to be cheap. */
const JSON_CHUNK_ROWS = 2048;

/** The items of `chunk` as JSON without the brackets, after a comma unless they come first. */
export function writeArrayItems(chunk: readonly unknown[], afterOthers: boolean, out: TextSink): void {
  const text = JSON.stringify(chunk);
  out.write(afterOthers ? `,${text.slice(1, -1)}` : text.slice(1, -1));
}

/**
 * Writes a per-bar series as a JSON array, NaN (no value) as null. A value repeated on the next
 * bars (an equity curve out of the market) is formatted once and its text repeated: the
 * formatting of a double is most of the cost, and about half of a run's equity values repeat.
 */
export function writeSeriesJson(values: Float64Array, out: TextSink): void {
  const count = values.length;
  const chunk: number[] = [];
  out.write('[');
  for (let bar = 0; bar < count;) {
    // Values that differ from the one before them (or follow a repeated stretch), formatted together.
    const start = bar;
    let size = 0;
    chunk[size++] = values[bar++]!;
    while (bar < count && size < JSON_CHUNK_ROWS && values[bar] !== values[bar - 1])
      chunk[size++] = values[bar++]!;
    if (chunk.length !== size) chunk.length = size;
    writeArrayItems(chunk, start > 0, out);
    // NaN equals nothing, not even NaN: a repeated stretch is always of one number.
    const repeated = values[bar - 1]!;
    const stretchStart = bar;
    while (bar < count && values[bar] === repeated) bar++;
    if (bar > stretchStart) out.write(`,${JSON.stringify(repeated)}`.repeat(bar - stretchStart));
  }
  out.write(']');
}

/** What `write` writes, as UTF-8 bytes: a helper thread's answer, its buffer to transfer. */
export function writtenBytes(write: (out: TextSink) => void): { value: Uint8Array; transfer: ArrayBuffer[] } {
  const pieces: string[] = [];
  write({ write: (text) => pieces.push(text) });
  const bytes = new TextEncoder().encode(pieces.join(''));
  return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
}

/** writeSeriesJson's text as UTF-8 bytes (a task of the helper thread). */
export function seriesJsonBytes(values: Float64Array): { value: Uint8Array; transfer: ArrayBuffer[] } {
  return writtenBytes((out) => writeSeriesJson(values, out));
}
