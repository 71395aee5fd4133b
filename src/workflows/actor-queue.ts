/**
 * One queue per actor on this client, shared by everything that changes an actor's HP or effects
 * from a decision: card applications and their undo, token-HUD HP edits, and turn automation
 * ([SYS-PERM]). Each job reads the actor afresh once its turn comes, so two changes decided at the
 * same moment never overwrite each other. A job may hold several actors (a turn step, a card's
 * record); it starts once every one of them is free, and waiting never deadlocks because every
 * key a job needs is claimed at once.
 */

const tails = new Map<string, Promise<void>>();

/** Run `job` once every key (actor UUID, or a record's id) is free; the keys are held until it settles. */
export function withActorQueue<T>(keys: readonly string[], job: () => Promise<T>): Promise<T> {
  const unique = [...new Set(keys.filter((k) => k !== ""))];
  const before = unique.map((k) => tails.get(k) ?? Promise.resolve());
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  for (const k of unique) tails.set(k, done);
  const run = Promise.all(before).then(job);
  void run.then(
    () => settle(),
    () => settle(),
  );
  function settle(): void {
    release();
    for (const k of unique) if (tails.get(k) === done) tails.delete(k);
  }
  return run;
}
