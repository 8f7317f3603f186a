import { pino } from 'pino';
import pretty from 'pino-pretty';
import { loggerOptions } from './app.ts';
import type { Config } from './config.ts';

/**
 * The process logger: readable lines on a terminal, JSON lines (for log collectors) otherwise, or as
 * LOG_FORMAT says.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  output: { isTerminal?: boolean; destination?: NodeJS.WritableStream } = {},
) {
  const { isTerminal = process.stdout.isTTY, destination } = output;
  const readable = config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTerminal);
  if (!readable)
    return destination ? pino(loggerOptions(config.logLevel), destination) : pino(loggerOptions(config.logLevel));
  return pino(
    loggerOptions(config.logLevel),
    pretty({
      colorize: isTerminal,
      sync: true,
      ...(destination ? { destination } : {}),
      translateTime: 'SYS:HH:MM:ss',
      // A request reads as one line: "POST /api/projects 201 12 ms request completed".
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: (log, messageKey) => requestLine(log, messageKey),
    }),
  );
}

export function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const time = typeof log.responseTime === 'number' ? `${Math.round(log.responseTime)} ms` : undefined;
  return [req && `${req.method} ${req.url}`, res?.statusCode, time, log[messageKey]]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
}

/** The one line a person starting Parley looks for; printed directly so it shows at any LOG_LEVEL. */
export function announceListening(host: string, port: number, dbKind: string, isTerminal = process.stdout.isTTY) {
  const shownHost = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host;
  const line = `Parley is listening on http://${shownHost}:${port}`;
  if (isTerminal) process.stdout.write(`\n  \x1b[1m\x1b[32m${line}\x1b[0m  (database: ${dbKind})\n\n`);
  else process.stdout.write(`${line} (database: ${dbKind})\n`);
}
