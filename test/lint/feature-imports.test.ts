import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectEslint } from './projectEslint';

/**
 * Features import each other one way only (the layout, docs/architecture.md): the project's real
 * ESLint config refuses a feature importing one that imports it back (desk/feature-imports, over
 * the table FEATURE_USES), and the real imports under src/renderer/features form no cycle.
 */
const RULE = 'desk/feature-imports';
const FEATURES = resolve('src/renderer/features');
const eslint = projectEslint();

async function refusals(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(filePath) });
  expect(result!.messages.filter((m) => /ignored/i.test(m.message) || m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const importing = (source: string) => `import { x } from '${source}';\nexport const y = x;\n`;

describe('a feature never imports one that imports it back', () => {
  it.each([
    // The three cycles the features had: each way back is refused.
    ['src/renderer/features/lock/LockScreen.tsx', 'accounts', 'lock'],
    ['src/renderer/features/accounts/OAuthSection.tsx', 'orders', 'accounts'],
    ['src/renderer/features/trade/OutcomeNotice.tsx', 'orders', 'trade'],
    // Through another feature: overview uses mining, which uses accounts.
    ['src/renderer/features/accounts/ProfileCard.tsx', 'overview', 'accounts'],
  ])('refuses in %s an import of %s', async (file, to, from) => {
    expect(await refusals(importing(`../${to}`), file)).toEqual([
      expect.stringContaining(
        `features/${from} may not import features/${to}: ${to} imports ${from} back`,
      ),
    ]);
  });

  it('refuses it as a re-export, an import() and an internal path too', async () => {
    const file = 'src/renderer/features/trade/TradeView.tsx';
    const back = 'features/trade may not import features/orders';
    for (const code of [
      "export { applyOrdersPush } from '../orders';\n",
      "export * from '../orders';\n",
      "export const load = () => import('../orders');\n",
      importing('../orders/ordersStore'),
    ]) {
      expect(await refusals(code, file)).toEqual([expect.stringContaining(back)]);
    }
  });

  it('refuses a use the table does not declare, even without a cycle', async () => {
    expect(
      await refusals(importing('../accounts'), 'src/renderer/features/earn/EarnView.tsx'),
    ).toEqual([
      expect.stringContaining(
        'features/earn imports features/accounts, which FEATURE_USES in eslint.config.mjs does not declare',
      ),
    ]);
  });

  it('allows a declared use, the feature itself, lib/ and components/', async () => {
    const file = 'src/renderer/features/orders/ActiveOrdersTab.tsx';
    for (const source of [
      '../trade',
      '../accounts',
      './ordersStore',
      '../../lib/format',
      '../../components/Amount',
    ]) {
      expect(await refusals(importing(source), file)).toEqual([]);
    }
  });
});

/** Every file of the features, with the features it imports (static, re-export, import()). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  for (const feature of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of files(join(FEATURES, feature.name))) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [, source] of text.matchAll(
        /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g,
      )) {
        const target = relative(FEATURES, resolve(join(file, '..'), source!)).split(/[\\/]/)[0]!;
        if (target !== feature.name && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(feature.name, uses);
  }
  return graph;
}

/** A cycle of `graph` as the features on it (the first again at the end), or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the real feature imports', () => {
  it('form no cycle', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeUndefined();
  });

  it('are what FEATURE_USES declares, every feature listed, no use left over', async () => {
    const config = (await eslint.calculateConfigForFile(
      join(FEATURES, 'orders/OrdersView.tsx'),
    )) as { rules: Record<string, [unknown, Record<string, string[]>]> };
    const table = Object.fromEntries(
      Object.entries(config.rules[RULE]![1]).map(([feature, uses]) => [feature, [...uses].sort()]),
    );
    const real = Object.fromEntries(
      [...featureGraph()].map(([feature, uses]) => [feature, [...uses].sort()]),
    );
    expect(table).toEqual(real);
  });

  it('the cycle finder finds a cycle, also through a third feature', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(findCycle(graph({ a: ['b'], b: ['a'] }))).toEqual(['a', 'b', 'a']);
    expect(findCycle(graph({ a: ['b'], b: ['c'], c: ['a'], d: [] }))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toBeUndefined();
  });
});
