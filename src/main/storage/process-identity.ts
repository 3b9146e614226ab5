// Who a process is, over time: its pid plus its start time, so a pid the system has since given to another process
// is not mistaken for the one that wrote a lock or temp file.
import { readFileSync } from 'node:fs';

/** True when a process with `pid` exists (it may belong to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When `pid` started, as an opaque token that stays the same for the process's whole life, or undefined where the
 * system does not tell (Linux reads field 22 of /proc/<pid>/stat: clock ticks after boot).
 */
export function processStartToken(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
