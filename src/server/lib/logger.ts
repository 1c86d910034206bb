/** A small structured logger: one JSON line per entry, on stdout. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  /**
   * Lines under `warn` wait for the end of the event loop's turn and leave together, in one
   * write, after the answers sent in that turn (the server's: docs/decisions/0022-performance-at-the-physical-limit.md
   * « The signed-in API »). Written one by one, each request's line was a write to the log's
   * pipe, and a wake-up of its reader, before the answer left. A warning or an error is written
   * at once, after the lines waiting (the order is kept); lines still waiting are written when
   * the process exits (not after a SIGKILL: at most the lines of that one turn are lost).
   */
  batch?: boolean;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n'), options: LoggerOptions = {}): Logger {
  const min = order[level];
  const waiting: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (waiting.length) write(waiting.splice(0).join('\n'));
  };
  if (options.batch) process.once('exit', flush);
  const log = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...fields };
    if (fields?.err instanceof Error) entry.err = { message: fields.err.message, stack: fields.err.stack };
    const line = JSON.stringify(entry);
    if (!options.batch || order[lvl] >= order.warn) {
      flush();
      write(line);
      return;
    }
    waiting.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
  };
}
