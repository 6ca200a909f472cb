import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectEslint } from './projectEslint';

/**
 * The renderer's layers (rule 8 and the layout, docs/architecture.md), enforced by the project's real ESLint
 * config: only stores call the bridge; lib/ and components/ import no feature; a feature imports
 * another only through its public index; nothing in the renderer imports src/main.
 */
const eslint = projectEslint();

async function restricted(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(process.cwd(), filePath) });
  expect(result!.messages.filter((m) => /ignored/i.test(m.message) || m.fatal)).toEqual([]);
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const useDesk = "import { getDesk } from '../../lib/desk';\nexport const d = getDesk;\n";

describe('only stores call the bridge', () => {
  it.each([
    'src/renderer/features/trade/OrderForm.tsx',
    'src/renderer/features/accounts/OAuthSection.tsx',
    'src/renderer/features/overview/OverviewView.tsx',
  ])('refuses lib/desk in %s', async (file) => {
    const errors = await restricted(useDesk, file);
    expect(errors).toEqual([expect.stringContaining('Only stores call the bridge')]);
  });

  it('refuses lib/desk beside it in lib/ (a helper is not a store)', async () => {
    const code = "import { getDesk } from './desk';\nexport const d = getDesk;\n";
    expect(await restricted(code, 'src/renderer/lib/numberFormat.ts')).toEqual([
      expect.stringContaining('Only stores call the bridge'),
    ]);
  });

  it('refuses window.desk in a view and a component', async () => {
    const code = 'export const d = () => window.desk;\n';
    for (const file of [
      'src/renderer/features/earn/EarnView.tsx',
      'src/renderer/components/X.tsx',
    ]) {
      expect(await restricted(code, file)).toEqual([
        expect.stringContaining('Only stores call the bridge'),
      ]);
    }
  });

  it.each(['src/renderer/features/trade/tradeStore.ts', 'src/renderer/features/x/fooStore.ts'])(
    'allows it in the store %s',
    async (file) => {
      expect(await restricted(useDesk, file)).toEqual([]);
    },
  );
});

describe('layers', () => {
  it('lib/ and components/ import no feature', async () => {
    const code =
      "import { useOrdersStore } from '../features/orders';\nexport const s = useOrdersStore;\n";
    for (const file of ['src/renderer/lib/x.ts', 'src/renderer/components/Y.tsx']) {
      expect(await restricted(code, file)).toEqual([
        expect.stringContaining('never import a feature'),
      ]);
    }
  });

  it('a feature uses another only through its index, never its internals', async () => {
    const deep =
      "import { useMarkets } from '../trade/tradeStore';\nexport const s = useMarkets;\n";
    const index = "import { useMarkets } from '../trade';\nexport const s = useMarkets;\n";
    const own =
      "import { useOrdersStore } from './ordersStore';\nexport const s = useOrdersStore;\n";
    const shared =
      "import { formatDecimal } from '../../lib/decimal';\nexport const f = formatDecimal;\n";
    // Orders uses Trade (test/lint/feature-imports.test.ts: which feature may use which).
    const file = 'src/renderer/features/orders/ConditionalTab.tsx';
    expect(await restricted(deep, file)).toEqual([expect.stringContaining('internals')]);
    expect(await restricted(index, file)).toEqual([]);
    expect(await restricted(own, file)).toEqual([]);
    expect(await restricted(shared, file)).toEqual([]);
  });

  it('nothing in the renderer imports src/main', async () => {
    const code = "import { startCore } from '../../../main/core';\nexport const c = startCore;\n";
    expect(await restricted(code, 'src/renderer/features/x/View.tsx')).toEqual([
      expect.stringContaining('never imports src/main'),
    ]);
  });
});
