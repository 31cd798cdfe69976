/**
 * node:util's parseArgs, except that a negative number after an option that takes a value is
 * that value (`dsr --skewness -3`): parseArgs alone refuses it as "ambiguous", since it could
 * be a short option. The pair is passed on as `--skewness=-3`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

function joinNegativeValues(args: readonly string[], options: ParseArgsConfig['options']): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const takesValue = arg.startsWith('--') && options?.[arg.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

export function parseOptions<T extends ParseArgsConfig & { args: string[] }>(config: T) {
  return parseArgs<T>({ ...config, args: joinNegativeValues(config.args, config.options) });
}
