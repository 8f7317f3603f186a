// Real Parley processes for the scale test and the jobs benchmark: API processes (src/main.ts with
// RUN_WORKER=false) and worker processes (src/worker.ts, what `npm run worker` runs), each its own
// operating-system process with JSON logs on stdout. Every process started here is killed by
// stopAll() and, should the test process end first, by an exit hook.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const serverRoot = resolve(import.meta.dirname, '../..');

export type Role = 'api' | 'worker';

export interface ClusterProcess {
  name: string;
  role: Role;
  pid: number;
  child: ChildProcess;
  /** stdout lines (JSON log lines, and the API's "Parley is listening on ..." line). */
  lines: string[];
  stderr: string[];
  /** The API's base URL (api role only). */
  url: string;
  /** The JSON log lines so far, parsed. */
  logEntries(): LogEntry[];
  /** Resolves with the first parsed log line that matches, or rejects when the process exits first. */
  waitForLog(match: (entry: LogEntry) => boolean, what: string): Promise<LogEntry>;
}

export type LogEntry = Record<string, unknown> & { msg?: string; pid?: number };

const started = new Set<ClusterProcess>();

// A test run that ends abruptly (an uncaught error, vitest tearing the fork down) must not leave
// servers and workers behind: kill whatever is still running, synchronously, on the way out.
process.once('exit', () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
});

const tail = (lines: string[], n = 40) => lines.slice(-n).join('\n');

/** The process's output for a failure message: its stderr and the end of its log. */
export function describeOutput(p: ClusterProcess): string {
  return `--- ${p.name} (pid ${p.pid}) stderr:\n${tail(p.stderr) || '(empty)'}\n--- ${p.name} stdout (last lines):\n${tail(p.lines) || '(empty)'}`;
}

/**
 * Starts one process and waits until it is ready: an API when it prints where it listens, a worker
 * when it logs 'worker started'. A process that exits before that fails with its own output.
 */
export async function startProcess(
  name: string,
  role: Role,
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number } = {},
): Promise<ClusterProcess> {
  const entry = role === 'api' ? 'src/main.ts' : 'src/worker.ts';
  // The same V8 flag as `npm start` and `npm run worker`.
  const child = spawn(process.execPath, ['--max-semi-space-size=4', join(serverRoot, entry)], {
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  const watchers = new Set<{ test: (line: string) => boolean; resolve: (line: string) => void }>();
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of watchers)
      if (w.test(line)) {
        watchers.delete(w);
        w.resolve(line);
      }
  });
  const exited = once(child, 'exit');
  const waitForLine = (test: (line: string) => boolean, what: string) => {
    const found = lines.find(test);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<string>((resolveLine, reject) => {
      const watcher = { test, resolve: resolveLine };
      watchers.add(watcher);
      void exited.then(([code, signal]) => {
        if (!watchers.delete(watcher)) return;
        reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before ${what}\n${describeOutput(proc)}`));
      });
    });
  };

  const proc: ClusterProcess = {
    name,
    role,
    pid: child.pid ?? -1,
    child,
    lines,
    stderr,
    url: '',
    logEntries: () => lines.map(parseLogLine).filter((e): e is LogEntry => e !== undefined),
    async waitForLog(test, what) {
      const line = await waitForLine((l) => {
        const entry = parseLogLine(l);
        return entry !== undefined && test(entry);
      }, what);
      return parseLogLine(line)!;
    },
  };
  started.add(proc);
  if (child.pid === undefined) throw new Error(`${name} could not be started (spawn failed)`);

  const listening = /^Parley is listening on (http:\/\/\S+)/;
  const ready =
    role === 'api'
      ? waitForLine((l) => listening.test(l), 'listening').then((l) => listening.exec(l)![1]!)
      : proc.waitForLog((e) => e.msg === 'worker started', 'the worker started').then(() => '');
  const timeoutMs = opts.readyTimeoutMs ?? 90_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} was not ready after ${timeoutMs / 1000} s\n${describeOutput(proc)}`)),
      timeoutMs,
    );
  });
  try {
    proc.url = await Promise.race([ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return proc;
}

function parseLogLine(line: string): LogEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as LogEntry;
  } catch {
    return undefined;
  }
}

/** Stops every process started here: SIGTERM, then SIGKILL for any still running after `graceMs`. */
export async function stopAll(graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...started].map(async (p) => {
      started.delete(p);
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      const exited = once(p.child, 'exit');
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** Kills one process at once (no chance to release its jobs) and waits until it is gone. */
export async function killNow(p: ClusterProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = once(p.child, 'exit');
  p.child.kill('SIGKILL');
  await exited;
}

/** Peak resident memory of a running process (VmHWM from /proc), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

/**
 * The environment of one process of a scaled-out deployment: the shared database and secret, its own
 * DATA_DIR (scratch space only, unless the storage is the local disk), no in-process worker in the API.
 */
export function clusterEnv(options: {
  databaseUrl: string;
  dataDir: string;
  storageEnv: Record<string, string>;
  jwtSecret: string;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST_DIR: join(options.dataDir, 'no-web-build'),
    RUN_WORKER: 'false',
    JOB_QUEUE: 'pg-boss',
    // Short, so a killed worker's job is taken over within seconds (pg-boss's heartbeat is 10 s at least).
    JOB_LEASE_SECONDS: '10',
    JOB_RETRY_DELAY_SECONDS: '1',
    ASR_THREADS: '1',
    ...options.storageEnv,
  };
}
