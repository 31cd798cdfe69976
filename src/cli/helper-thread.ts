/**
 * The CLI's helper thread, for work on large inputs and outputs done beside the main thread,
 * on a second core: the end of a large CSV, its data-quality report, the JSON of a per-bar
 * series and of the end of a long trade list. One per process, started by its first task; it answers tasks in the order
 * they came. Work it cannot do (it failed to start, say) comes back as null and the caller does
 * it on the main thread; the first such failure leaves a warning on stderr.
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readCsvTail } from './csv-tail';
import { seriesJsonBytes } from './series-json';
import { tradesJsonBytes } from './trade-json';
import { uploadQualityTask } from './upload-quality';

const ROLE = 'backtest-cli-helper';

/** Series shorter than this are done on the main thread: starting the helper costs more than it saves. */
const HELPER_FROM_BARS = 200_000;

/** Whether work on `bars` bars pays for the helper: there is a second core, and bars enough. */
export function helperPaysFor(bars: number): boolean {
  return bars >= HELPER_FROM_BARS && availableParallelism() >= 2;
}

/**
 * The module the thread loads: this file when the CLI runs from source; in the CLI's bundle,
 * the helper's own bundle beside it (`cli-….mjs` -> `cli-…-helper.mjs`, built by
 * scripts/engine.mjs), which holds only what the tasks need and so starts in a fraction of the
 * time the whole CLI takes to load.
 */
const HELPER_MODULE = new URL(
  import.meta.url.endsWith('.ts') ? import.meta.url : import.meta.url.replace(/\.mjs$/, '-helper.mjs'),
);

/** What the helper can do: each task returns its answer and the buffers to transfer with it. */
const TASKS = { readCsvTail, seriesJsonBytes, tradesJsonBytes, uploadQualityTask } satisfies Record<
  string,
  (...args: never[]) => { value: unknown; transfer: ArrayBuffer[] }
>;
type Tasks = typeof TASKS;
type TaskName = keyof Tasks;
type Answer = { value: unknown } | { failed: string };

export class HelperThread {
  private worker: Worker | null = null;
  private failure: string | null = null;
  /** Who waits for the answers to the tasks sent, in order: the helper answers in that order. */
  private readonly waiting: ((value: unknown) => void)[] = [];

  /**
   * Sends `task` to the helper now, so the caller may go on with other work: its arguments are
   * copied, but for the buffers in `transfer`, which move (their arrays here become empty).
   * Resolves with the answer, or null when the helper failed (the caller does the work).
   */
  run<Name extends TaskName>(
    task: Name,
    args: Parameters<Tasks[Name]>,
    transfer: ArrayBuffer[] = [],
  ): Promise<ReturnType<Tasks[Name]>['value'] | null> {
    if (this.failure !== null) return Promise.resolve(null);
    const worker = (this.worker ??= this.start());
    // Referenced only while a task runs: an idle helper never keeps the process alive.
    worker.ref();
    worker.postMessage({ task, args }, transfer);
    return new Promise((resolve) => this.waiting.push(resolve as (value: unknown) => void));
  }

  private start(): Worker {
    const worker = new Worker(HELPER_MODULE, { workerData: ROLE });
    worker.on('message', (answer: Answer) => {
      const resolve = this.waiting.shift()!;
      if (this.waiting.length === 0) worker.unref();
      if ('failed' in answer) this.fail(answer.failed);
      resolve('failed' in answer ? null : answer.value);
    });
    worker.on('error', (error: Error) => this.fail(error.message));
    worker.on('exit', (code: number) => this.fail(`it exited with code ${code}`));
    return worker;
  }

  private fail(reason: string): void {
    if (this.failure === null) {
      this.failure = reason;
      process.stderr.write(
        `warning: the helper thread failed (${reason}): its work was done on the main thread\n`,
      );
      void this.worker?.terminate();
    }
    for (const resolve of this.waiting.splice(0)) resolve(null);
  }
}

let helper: HelperThread | null = null;

/** The process's helper thread (started by its first task). */
export function helperThread(): HelperThread {
  helper ??= new HelperThread();
  return helper;
}

if (!isMainThread && workerData === ROLE) {
  parentPort!.on('message', ({ task, args }: { task: TaskName; args: never[] }) => {
    let answer: ReturnType<Tasks[TaskName]>;
    try {
      answer = (TASKS[task] as (...args: never[]) => ReturnType<Tasks[TaskName]>)(...args);
    } catch (error) {
      parentPort!.postMessage({ failed: (error as Error).message } satisfies Answer);
      return;
    }
    parentPort!.postMessage({ value: answer.value } satisfies Answer, answer.transfer);
  });
}
