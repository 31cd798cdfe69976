/** Reading a sweep grid file: a JSON object {"<request path>": [values, ...]}; errors name the file. */
import { readFileSync } from 'node:fs';
import { GridError } from '../engine/index';

export function readGrid(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Runs `work`, prefixing a grid error's message with the grid file's name. */
export function withGridFile<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GridError) throw new Error(`${path}: ${error.message}`, { cause: error });
    throw error;
  }
}
