// One line per figure: `name: value unit (target …)`. A missed target marks the run failed (exit code 1).
export interface Target {
  /** The figure must be at most this. */
  max?: number;
  /** The figure must be at least this. */
  min?: number;
}

/** A figure with its target, as printed. */
export interface Figure {
  name: string;
  shown: string;
  unit: string;
  /** `≤ 1.3`, `≥ 1`, … */
  target: string;
  missed: boolean;
}

export interface Reporter {
  figure(name: string, value: number, unit: string, target?: Target): void;
  note(text: string): void;
  readonly failed: string[];
  /** Every figure that has a target, in the order printed. */
  readonly targeted: Figure[];
}

export function createReporter(write: (line: string) => void = (line) => console.log(line)): Reporter {
  const failed: string[] = [];
  const targeted: Figure[] = [];
  return {
    failed,
    targeted,
    figure(name, value, unit, target) {
      const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
      let suffix = '';
      if (target) {
        const parts = [target.max !== undefined ? `≤ ${target.max}` : '', target.min !== undefined ? `≥ ${target.min}` : ''].filter(
          Boolean,
        );
        const missed = (target.max !== undefined && value > target.max) || (target.min !== undefined && value < target.min);
        if (missed) failed.push(name);
        targeted.push({ name, shown, unit, target: parts.join(', '), missed });
        suffix = ` (target ${parts.join(', ')}${missed ? ' — MISSED' : ''})`;
      }
      write(`${name}: ${shown} ${unit}${suffix}`);
    },
    note(text) {
      write(`# ${text}`);
    },
  };
}
