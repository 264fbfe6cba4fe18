// A long browser walk that names the step it was on when it fails. Vitest's own timeout says
// only "timed out" (and CI keeps only the tail of its output): within `deadlineMs` (under
// the test's timeout), a walk that has not ended fails with its steps and their times.

export interface Walk {
  /** Runs one named step of the walk, timing it. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
}

export async function walk(deadlineMs: number, body: (walk: Walk) => Promise<void>) {
  const started = Date.now();
  const trail: string[] = [];
  const report = () => trail.map((line) => `  ${line}`).join('\n') || '  (no step started)';
  const walker: Walk = {
    async step(name, run) {
      const at = trail.push(`${name}: started at ${Date.now() - started} ms`) - 1;
      const from = Date.now();
      try {
        const result = await run();
        trail[at] = `${name}: ${Date.now() - from} ms`;
        return result;
      } catch (error) {
        trail[at] = `${name}: failed after ${Date.now() - from} ms`;
        throw new Error(`${String(error)}\nsteps:\n${report()}`, { cause: error });
      }
    },
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the walk did not end in ${deadlineMs} ms; steps:\n${report()}`)),
      deadlineMs,
    );
  });
  try {
    await Promise.race([body(walker), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
