/**
 * The CLI's helper thread, for work on large inputs done beside the main thread, on a second
 * core. The thread loads this module and answers one task at a time.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readCsvTail } from './csv-tail';

const ROLE = 'backtest-cli-helper';

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
const TASKS = { readCsvTail } satisfies Record<
  string,
  (...args: never[]) => { value: unknown; transfer: ArrayBuffer[] }
>;
type Tasks = typeof TASKS;
type TaskName = keyof Tasks;

export class HelperThread {
  private readonly worker = new Worker(HELPER_MODULE, { workerData: ROLE });

  /** Runs one task on the helper; rejects when the task throws or the thread dies. */
  run<Name extends TaskName>(
    task: Name,
    ...args: Parameters<Tasks[Name]>
  ): Promise<ReturnType<Tasks[Name]>['value']> {
    return new Promise((resolve, reject) => {
      const settle = (settled: () => void) => {
        this.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settled();
      };
      const onMessage = (value: ReturnType<Tasks[Name]>['value']) => settle(() => resolve(value));
      const onError = (error: Error) => settle(() => reject(error));
      const onExit = (code: number) => settle(() => reject(new Error(`the helper thread exited (${code})`)));
      this.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.worker.postMessage({ task, args });
    });
  }

  /** Stops the thread (whatever it is doing). */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

if (!isMainThread && workerData === ROLE) {
  parentPort!.on('message', ({ task, args }: { task: TaskName; args: Parameters<Tasks[TaskName]> }) => {
    const { value, transfer } = TASKS[task](...args);
    parentPort!.postMessage(value, transfer);
  });
}
