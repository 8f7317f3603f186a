// CPU time of the processes a search runs in, for figures that mean something on a loaded machine: the
// wall clock of a search there is mostly waiting for a core. Linux's /proc/<pid>/task/<tid>/schedstat
// gives, per thread, the nanoseconds it ran and the nanoseconds it waited on a run queue; summed over
// this process and, on PostgreSQL, over the server's processes (children of the postmaster), a search's
// share of the first is what it costs on a free core, and the second how long the load kept it waiting.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function threadsOf(pid: number | 'self'): string[] {
  const dir = `/proc/${pid}/task`;
  try {
    return readdirSync(dir).map((tid) => join(dir, tid, 'schedstat'));
  } catch {
    return []; // the process ended
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A meter over this process and, given a PostgreSQL data folder, the server's processes (found once:
 * call it after the connection pool is open). `read()` is [ns on a CPU, ns waiting for one]; null when
 * the kernel keeps no scheduler statistics.
 */
export function cpuMeter(postgresData?: string) {
  if (!existsSync('/proc/self/schedstat')) return null;
  const postmaster = postgresData
    ? Number(readFileSync(join(postgresData, 'postmaster.pid'), 'utf8').split('\n')[0])
    : 0;
  const pids: Array<number | 'self'> = ['self', ...(postmaster ? [postmaster, ...childrenOf(postmaster)] : [])];
  return {
    read(): [number, number] {
      let ran = 0;
      let waited = 0;
      for (const file of pids.flatMap(threadsOf)) {
        try {
          const [run, wait] = readFileSync(file, 'utf8').split(' ').map(Number);
          ran += run ?? 0;
          waited += wait ?? 0;
        } catch {
          // a thread that ended between the listing and the read
        }
      }
      return [ran, waited];
    },
  };
}
