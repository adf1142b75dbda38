import { describe, expect, it } from 'vitest';
import { createHashingLanes, type HashingLane } from './hashing-lanes.ts';

class Busy extends Error {}

/** Work that runs until released, recording when it started. */
function heldWork(log: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    release,
  };
}

/** Lets every settled promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function lanes(concurrency: number) {
  return createHashingLanes({
    concurrency,
    maxQueued: { 'sign-in': 3, general: 2 },
    busy: () => new Busy(),
  });
}

/** Fills `lane`: `slots` running jobs and a full queue; answers the jobs to release. */
function fill(queue: ReturnType<typeof lanes>, lane: HashingLane, log: string[], count: number) {
  const jobs = Array.from({ length: count }, (_, i) => heldWork(log, `${lane} ${i}`));
  const results = jobs.map((job) => queue.run(lane, job.work));
  return { jobs, results };
}

describe('hashing lanes', () => {
  it('with the general lane full, refuses more general work but still runs a sign-in hash', async () => {
    const log: string[] = [];
    const queue = lanes(1);
    // One running, two queued: the general lane is full.
    const general = fill(queue, 'general', log, 3);
    await expect(queue.run('general', () => Promise.resolve('more'))).rejects.toBeInstanceOf(Busy);

    const signIn = queue.run('sign-in', () => {
      log.push('sign-in');
      return Promise.resolve('signed in');
    });
    general.jobs[0]?.release();
    await expect(signIn).resolves.toBe('signed in');
    // The sign-in hash ran next, before the general work queued ahead of it.
    expect(log.slice(0, 2)).toEqual(['general 0', 'sign-in']);

    for (const job of general.jobs) job.release();
    await expect(Promise.all(general.results)).resolves.toEqual([
      'general 0',
      'general 1',
      'general 2',
    ]);
  });

  it('keeps one slot for sign-in when there are two or more', async () => {
    const log: string[] = [];
    const queue = lanes(2);
    const general = fill(queue, 'general', log, 3);
    await settle();
    // Only one general job runs, though two slots exist.
    expect(log).toEqual(['general 0']);
    // The kept slot runs a sign-in hash at once, while the general job still holds its own.
    await expect(queue.run('sign-in', () => Promise.resolve('signed in'))).resolves.toBe(
      'signed in',
    );
    for (const job of general.jobs) job.release();
    await Promise.all(general.results);
  });

  it('lets sign-in use every slot, and gives it a queue limit of its own', async () => {
    const log: string[] = [];
    const queue = lanes(2);
    const signIn = fill(queue, 'sign-in', log, 5);
    await settle();
    expect(log).toEqual(['sign-in 0', 'sign-in 1']);
    await expect(queue.run('sign-in', () => Promise.resolve('more'))).rejects.toBeInstanceOf(Busy);
    // The general lane's room is its own: it queues behind, and runs once sign-in is done.
    const general = queue.run('general', () => Promise.resolve('general work'));
    for (const job of signIn.jobs) job.release();
    await Promise.all(signIn.results);
    await expect(general).resolves.toBe('general work');
  });

  it('passes failures on and frees the slot', async () => {
    const queue = lanes(1);
    await expect(queue.run('general', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(queue.run('general', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});
