import fc from 'fast-check';
import { vi } from 'vitest';

// vi.waitFor waits for what a test expects to happen over real sockets and child processes; its
// bound only says when a failing test gives up. The default (1 s) is shorter than a round trip can
// take on a machine where another process holds a core, which would fail a correct test: 10 s here,
// under the test's own 20 s. A test that passes its own bound keeps it.
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? { timeout: options } : { timeout: 10_000, ...options },
  )) as typeof vi.waitFor;

// Property tests (fast-check) draw from one fixed seed, so a run is the same on every machine and
// in CI: a property that fails, fails every time, with its counterexample. `FC_SEED=random` draws a
// new seed each run to explore further (a failure prints the seed to pin in the test).
if (process.env['FC_SEED'] !== 'random') {
  fc.configureGlobal({ seed: Number(process.env['FC_SEED'] ?? 20_261_128) });
}
