/** A sweep grid file is a JSON object {"<request path>": [values, ...]}; its errors name the file. */
import { GridError } from '../engine/cli';

/** Runs `work`, prefixing a grid error's message with the grid file's name. */
export function withGridFile<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GridError) throw new Error(`${path}: ${error.message}`, { cause: error });
    throw error;
  }
}
