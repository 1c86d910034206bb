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
   * Lines under `warn` wait, at most `batchMs` or BATCH_LINES lines, and leave together in one
   * write, after the answers sent meanwhile (the server's: docs/decisions/0022-performance-at-the-physical-limit.md
   * « The signed-in API »). Written one by one, each request's line was a write to the log's
   * pipe, and a wake-up of its reader, before or beside its answer; at the end of each turn of
   * the event loop, it still was for one client asking one request at a time. A warning or an
   * error is written at once, after the lines waiting (the order is kept); lines still waiting
   * are written when the process exits (not after a SIGKILL: at most `batchMs` of info lines are
   * lost, never a warning or an error).
   */
  batch?: boolean;
  /** How long an info line may wait in batch mode (BATCH_MS by default). */
  batchMs?: number;
}

/** In batch mode: 50 ms, a blink for whoever reads the log; 1,000 lines at most. */
export const BATCH_MS = 50;
const BATCH_LINES = 1_000;

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  options: LoggerOptions = {},
): Logger {
  const min = order[level];
  const waiting: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
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
    if (waiting.length >= BATCH_LINES) flush();
    // Unref'd: a wait for the log never keeps the process alive (`exit` writes what is left).
    else if (!timer) timer = setTimeout(flush, options.batchMs ?? BATCH_MS).unref();
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
  };
}
