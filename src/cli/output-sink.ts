/**
 * Text written to a file descriptor in large chunks, so an output of tens of megabytes never
 * exists as one string: pieces gather in a buffer that is flushed once it passes a megabyte.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

const FLUSH_AT = 1 << 20;
/** A cell nobody wakes, to sleep on while a full pipe drains. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const PAUSE_MS = 1;

export class OutputSink {
  private pieces: string[] = [];
  private size = 0;

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
    this.pieces.push(text);
    this.size += text.length;
    if (this.size >= FLUSH_AT) this.flush();
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
    this.writeAll(Buffer.from(this.pieces.join(''), 'utf8'));
    this.pieces = [];
    this.size = 0;
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
