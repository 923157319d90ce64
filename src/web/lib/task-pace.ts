/**
 * How many parts of a page (replies to render or to hydrate) the next task can take: as
 * many as fit in TASK_BUDGET_MS at the pace the last task showed. A 100-reply thread done
 * in one go blocked a phone for over a second, and even three at a time made long tasks
 * there: Lighthouse's Total Blocking Time counts every task past 50 ms, and a phone is
 * about 4x slower than the machine measuring the pace. All are done within a second or so.
 */
const TASK_BUDGET_MS = 8;
const MAX_PARTS_PER_TASK = 20;

export interface TaskPace {
  /** Parts the next task may take. */
  readonly perTask: number;
  /** A task starts, taking `parts`. */
  started(parts: number): void;
  /** The parts of the task started last are done: its pace sets the next task's share. */
  finished(): void;
}

export function createTaskPace(): TaskPace {
  let perTask = 1;
  let startedAt = 0;
  let taken = 0;
  return {
    get perTask() {
      return perTask;
    },
    started(parts) {
      startedAt = performance.now();
      taken = parts;
    },
    finished() {
      if (!startedAt || !taken) return;
      const perPart = Math.max(performance.now() - startedAt, 0.1) / taken;
      perTask = Math.min(MAX_PARTS_PER_TASK, Math.max(1, Math.floor(TASK_BUDGET_MS / perPart)));
      startedAt = 0;
    },
  };
}
