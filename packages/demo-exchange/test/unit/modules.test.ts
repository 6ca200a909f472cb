import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * How the package's modules stand to each other. They import each other without a circle: what two
 * modules both need lives in a module of its own (record shapes in state.ts, the route types in
 * context.ts); type-only imports count, a circle of types is still two files that cannot be read one
 * before the other. And the request's fields reach every route through the one Checker the server
 * builds (RouteContext.check): no route builds its own.
 */
const SRC = resolve(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Module -> the package modules it imports (or re-exports), as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']*)'/gms)].map(
      ([, spec]) => {
        const target = resolve(dirname(file), spec!);
        return relative(
          SRC,
          existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts'),
        );
      },
    );
    graph.set(relative(SRC, file), [...new Set(targets)]);
  }
  return graph;
}

/** The circles a depth-first walk meets: each as the modules along it, back to its first. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.push([...path.slice(at), next]);
      else if (!done.has(next)) walk([...path, next]);
    }
    done.add(path.at(-1)!);
  };
  for (const module of graph.keys()) if (!done.has(module)) walk([module]);
  return found;
}

describe('the demo exchange modules', () => {
  it('import each other without a circle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(graph.get('server.ts')).toContain('engine.ts');
    expect(circles(graph)).toEqual([]);
  });

  it("build the request's Checker in the server alone, never in a route", () => {
    const builders = sources(SRC)
      .filter((file) => /\bnew Checker\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(builders).toEqual(['server.ts']);
  });

  it('would name the circles they had: through types, and however long', () => {
    const graph = new Map([
      ['state.ts', ['transfers.ts']],
      ['transfers.ts', ['seed.ts']],
      ['seed.ts', ['engine.ts', 'state.ts']],
      ['engine.ts', ['transfers.ts']],
      ['context.ts', ['ws/tokens.ts']],
      ['ws/tokens.ts', ['context.ts']],
      ['server.ts', ['context.ts', 'engine.ts']],
    ]);
    expect(circles(graph)).toEqual([
      ['transfers.ts', 'seed.ts', 'engine.ts', 'transfers.ts'],
      ['state.ts', 'transfers.ts', 'seed.ts', 'state.ts'],
      ['context.ts', 'ws/tokens.ts', 'context.ts'],
    ]);
  });
});
