import { describe, expect, it } from 'vitest';
import { TASK_LABELS } from '../modules/staff/index.js';
import { CRON_TASKS, KNOWN_TASKS } from './jobs.js';

describe('background tasks', () => {
  it('every task has a Spanish label for the staff dashboard', () => {
    const unlabelled = [...KNOWN_TASKS].filter((task) => !TASK_LABELS[task]);
    expect(unlabelled).toEqual([]);
    expect(Object.keys(TASK_LABELS).filter((task) => !KNOWN_TASKS.has(task))).toEqual([]);
  });

  it('every scheduled task is one the worker runs, scheduled once', () => {
    expect(CRON_TASKS.filter((task) => !KNOWN_TASKS.has(task))).toEqual([]);
    expect(new Set(CRON_TASKS).size).toBe(CRON_TASKS.length);
  });
});
