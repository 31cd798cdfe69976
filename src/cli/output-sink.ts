/**
 * Text written to a file descriptor in large chunks, so an output of tens of megabytes never
 * exists as one string: each piece is encoded as UTF-8 into one buffer, kept for the sink's
 * life, which is written out whenever the next piece might not fit. Encoded in place, the
 * pieces are never joined into a new string, nor copied to a new buffer: on a large output
 * those were a megabyte or two of new memory a flush, which the kernel zeroes first.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

const BUFFER_BYTES = 1 << 20;
/** Most UTF-8 bytes a UTF-16 code unit takes (a lone one, or half of a 4-byte pair, takes 3). */
const MAX_BYTES_PER_UNIT = 3;
/** A cell nobody wakes, to sleep on while a full pipe drains. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const PAUSE_MS = 1;

export class OutputSink {
  private readonly buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  /** Bytes of `buffer` filled and not yet written. */
  private used = 0;

  private constructor(
    private readonly fd: number,
    private readonly ownsFd: boolean,
  ) {}

  static stdout(): OutputSink {
    return new OutputSink(1, false);
  }

  /** A new file at `path` (replaced if it exists); errors name the file. */
  static file(path: string): OutputSink {
    try {
      return new OutputSink(openSync(path, 'w'), true);
    } catch (error) {
      throw new Error(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  write(text: string): void {
    const room = this.buffer.length - this.used;
    if (text.length * MAX_BYTES_PER_UNIT > room) {
      this.flush();
      if (text.length * MAX_BYTES_PER_UNIT > this.buffer.length) {
        this.writeAll(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.buffer.write(text, this.used, 'utf8');
  }

  /** Writes what is buffered and, for a file, closes it. */
  close(): void {
    this.flush();
    if (this.ownsFd) closeSync(this.fd);
  }

  /** Writes `bytes` (UTF-8 text) after what is buffered. */
  writeBytes(bytes: Uint8Array): void {
    this.flush();
    this.writeAll(bytes);
  }

  private flush(): void {
    this.writeAll(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private writeAll(bytes: Uint8Array): void {
    // writeSync may write less than asked (a full pipe): write the rest until all is out. A
    // pipe Node has made non-blocking (it does once the process's stdout or stderr stream is
    // used, as the helper thread's output is piped there) answers EAGAIN when full: wait a moment.
    for (let written = 0; written < bytes.length;) {
      try {
        written += writeSync(this.fd, bytes, written, bytes.length - written);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        Atomics.wait(PAUSE, 0, 0, PAUSE_MS);
      }
    }
  }
}

/** Output a command writes itself (large results), instead of returning a value to print. */
export class StreamedOutput {
  constructor(readonly writeTo: (stdout: OutputSink) => void | Promise<void>) {}
}
