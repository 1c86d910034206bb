import pino, { type DestinationStream } from 'pino';

/**
 * Structured logs: one JSON line per entry (`level`, `time`, `msg` and the entry's fields), by
 * pino (docs/decisions/0039-public-api-and-operations.md « Logs »). The server's own logger
 * (`batch`) writes through pino's asynchronous destination: lines gather in a buffer and leave
 * in one write once 4 KB wait or every BATCH_MS, after the answers sent meanwhile, so a busy
 * server does not pay one write per request (docs/decisions/0022-performance-at-the-physical-limit.md
 * « The signed-in API »). A warning or an error is flushed at once, after the lines waiting
 * (the order is kept); what waits is written when the process exits (not after a SIGKILL: at
 * most BATCH_MS of info lines are lost, never a warning or an error).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  /** The server's logger: buffered, asynchronous writes to stdout (see above). */
  batch?: boolean;
  /** How long an info line may wait in batch mode (BATCH_MS by default). */
  batchMs?: number;
}

/** In batch mode: 50 ms, a blink for whoever reads the log. */
export const BATCH_MS = 50;

export function createLogger(level: LogLevel, write?: (line: string) => void, options: LoggerOptions = {}): Logger {
  const destination: DestinationStream & { flush?: () => void } = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({
        dest: 1,
        sync: !options.batch,
        ...(options.batch ? { minLength: 4096, periodicFlush: options.batchMs ?? BATCH_MS } : {}),
      });
  const log = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const urgent = (lvl: 'warn' | 'error') => (msg: string, fields?: Record<string, unknown>) => {
    log[lvl](fields ?? {}, msg);
    if (options.batch) destination.flush?.();
  };
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: urgent('warn'),
    error: urgent('error'),
  };
}
