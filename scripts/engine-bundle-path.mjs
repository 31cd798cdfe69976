// Where scripts/engine.mjs keeps the CLI's bundle of a checkout, and the helper thread's beside
// it: under node_modules/.cache, which several checkouts of the repo may share, so the name
// carries a checksum of the checkout's path. CRC-32 from node:zlib, which loads in about a
// third of the time node:crypto takes: this runs at every CLI start. (A namespace import, so a
// Node too old to have it still starts scripts/engine.mjs, which then runs on the project's Node.)
import { join, resolve } from 'node:path';
import * as zlib from 'node:zlib';

/** The bundle and the helper's bundle of the checkout at `root`. */
export function engineBundlePaths(root) {
  const checkout = resolve(root);
  const name = `cli-${zlib.crc32(checkout).toString(16).padStart(8, '0')}`;
  const folder = join(checkout, 'node_modules', '.cache', 'engine-cli');
  return { bundle: join(folder, `${name}.mjs`), helperBundle: join(folder, `${name}-helper.mjs`) };
}
