/** `export --request R.json --format pine|python`: the request's strategy as Pine Script v6 or Python. */
import { parseArgs } from 'node:util';
import { exportStrategy } from '../../engine/index';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/strategy-export';
import { StreamedOutput } from '../output-sink';
import { readRequest } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

export function exportCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { request: { type: 'string' }, format: { type: 'string' } },
  });
  requireOptions('export', values, ['request', 'format']);
  if (!EXPORT_FORMATS.includes(values.format as ExportFormat)) {
    throw new UsageError(`--format is ${EXPORT_FORMATS.join(' or ')}, got "${values.format}"`);
  }
  const code = exportStrategy(readRequest(values.request), values.format as ExportFormat);
  return new StreamedOutput((out) => out.write(code));
}
