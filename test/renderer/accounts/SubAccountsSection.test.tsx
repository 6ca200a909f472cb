import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { SubAccountsSection } from '../../../src/renderer/features/accounts/SubAccountsSection';
import { setDesk } from '../../../src/renderer/lib/desk';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useShellStore } from '../../../src/renderer/lib/shellStore';
import type { SubAccount, SubAccountsView } from '../../../src/shared/model';
import { deferred, sizeTableBodies } from '../earn/fixtures';
import { fakeDesk, type FakeImpl } from '../fakeDesk';
import { clickCopy, stubClipboard } from '../clipboard';
import { BOT, profilesState } from './fixtures';

const FAMILY: SubAccount = {
  id: '9a361e23-9361-4142-acac-4107c91a16d9',
  alias: 'family',
  email: 'family@demo.exchange.invalid',
  status: 'blocked',
};

const view = (records: SubAccount[]): SubAccountsView => ({ records, fetchedAt: Date.now() });

let unsize: () => void;
beforeAll(() => {
  unsize = sizeTableBodies();
});
afterAll(() => unsize());
beforeEach(() => {
  useProfilesStore.setState({ state: profilesState(), fetchedAt: Date.now(), error: undefined });
});
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

function serve(impl: FakeImpl = {}, records: () => SubAccount[] = () => [BOT, FAMILY]) {
  const fake = fakeDesk({ 'subAccounts.list': async () => view(records()), ...impl });
  setDesk(fake.desk);
  render(<SubAccountsSection />);
  return fake;
}

const rowOf = async (alias: string) =>
  (await screen.findAllByTestId('sub-account-row')).find((r) => r.textContent?.startsWith(alias))!;

async function openBlock(alias = 'trading-bot') {
  fireEvent.click(await screen.findByRole('button', { name: `Block ${alias}` }));
  return screen.getByRole('dialog', { name: `Block the sub-account “${alias}”?` });
}

const blockButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Block/ }) as HTMLButtonElement;

describe('Sub-accounts', () => {
  it('lists alias, email and a status badge, with Block or Unblock by status', async () => {
    serve();
    const bot = await rowOf('trading-bot');
    expect(bot.textContent).toContain('trading-bot@demo.exchange.invalid');
    expect(within(bot).getByTestId('sub-status').textContent).toBe('active');
    expect(within(bot).getByTestId('sub-status').className).toContain('badge-ok');
    expect(within(bot).getByRole('button', { name: 'Block trading-bot' })).toBeTruthy();
    const family = await rowOf('family');
    expect(within(family).getByTestId('sub-status').className).toContain('badge-bad');
    expect(within(family).getByRole('button', { name: 'Unblock family' })).toBeTruthy();
    expect(within(family).queryByRole('button', { name: 'Block family' })).toBeNull();
  });

  it("copies a sub-account's email; one without an email has nothing to copy", async () => {
    const writeText = stubClipboard();
    serve({}, () => [BOT, { ...FAMILY, email: '' }]);
    await clickCopy(await rowOf('trading-bot'), 'Copy email');
    expect(writeText.mock.calls).toEqual([['trading-bot@demo.exchange.invalid']]);
    const family = await rowOf('family');
    expect(within(family).queryByRole('button', { name: 'Copy email' })).toBeNull();
  });

  it('keeps Block disabled until the alias is typed exactly (case-sensitive)', async () => {
    const fake = serve({ 'subAccounts.block': async () => view([{ ...BOT, status: 'blocked' }]) });
    const dialog = await openBlock();
    const input = within(dialog).getByLabelText('Type trading-bot to confirm');
    expect(document.activeElement).toBe(input);
    expect(blockButton(dialog).disabled).toBe(true);
    for (const wrong of ['trading', 'Trading-Bot', 'TRADING-BOT', 'trading-bot ', ' trading-bot']) {
      fireEvent.change(input, { target: { value: wrong } });
      expect(blockButton(dialog).disabled).toBe(true);
      fireEvent.click(blockButton(dialog));
    }
    expect(fake.callsTo('subAccounts.block')).toEqual([]);
    fireEvent.change(input, { target: { value: 'trading-bot' } });
    expect(blockButton(dialog).disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'trading-bo' } });
    expect(blockButton(dialog).disabled).toBe(true);
  });

  it('blocks once the alias matches, and the badge follows the answer', async () => {
    const answer = deferred<SubAccountsView>();
    const fake = serve({ 'subAccounts.block': () => answer.promise });
    const dialog = await openBlock();
    fireEvent.change(within(dialog).getByLabelText('Type trading-bot to confirm'), {
      target: { value: 'trading-bot' },
    });
    fireEvent.click(blockButton(dialog));
    fireEvent.click(blockButton(dialog));
    expect(blockButton(dialog).disabled).toBe(true);
    expect(fake.callsTo('subAccounts.block')).toEqual([{ id: BOT.id }]);
    await act(async () => answer.resolve(view([{ ...BOT, status: 'blocked' }, FAMILY])));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('trading-bot is blocked.');
    const bot = await rowOf('trading-bot');
    expect(within(bot).getByTestId('sub-status').textContent).toBe('blocked');
    expect(within(bot).getByRole('button', { name: 'Unblock trading-bot' })).toBeTruthy();
  });

  it('Cancel closes the dialog and sends nothing', async () => {
    const fake = serve({ 'subAccounts.block': async () => view([BOT]) });
    const dialog = await openBlock();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('subAccounts.block')).toEqual([]);
  });

  it('unblocks after a simple confirmation', async () => {
    const fake = serve({
      'subAccounts.unblock': async () => view([BOT, { ...FAMILY, status: 'active' }]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock family' }));
    const dialog = screen.getByRole('dialog', { name: 'Unblock the sub-account “family”?' });
    expect(fake.callsTo('subAccounts.unblock')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await screen.findByText('family is unblocked.');
    expect(fake.callsTo('subAccounts.unblock')).toEqual([{ id: FAMILY.id }]);
    const family = await rowOf('family');
    expect(within(family).getByTestId('sub-status').textContent).toBe('active');
  });

  it('shows a refusal next to that sub-account (by field `id`, else the message)', async () => {
    serve({
      'subAccounts.unblock': async () => {
        throw {
          code: 'EXCHANGE_VALIDATION',
          message: 'Inner validation failed: Sub-account not found.',
          fields: { id: ['Sub-account not found.'] },
        };
      },
      'subAccounts.block': async () => {
        throw { code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock family' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unblock' }));
    const family = await rowOf('family');
    await waitFor(() =>
      expect(within(family).getByRole('alert').textContent).toBe('Sub-account not found.'),
    );
    const dialog = await openBlock();
    fireEvent.change(within(dialog).getByLabelText('Type trading-bot to confirm'), {
      target: { value: 'trading-bot' },
    });
    fireEvent.click(blockButton(dialog));
    const bot = await rowOf('trading-bot');
    await waitFor(() =>
      expect(within(bot).getByRole('alert').textContent).toBe('The exchange did not answer.'),
    );
    expect(within(family).getByRole('alert')).toBeTruthy();
  });

  it('says a missing permission plainly, for the list and for an action', async () => {
    let denyList = false;
    serve(
      {
        'subAccounts.block': async () => {
          throw { code: 'EXCHANGE_PERMISSION', message: 'Forbidden: 403 {"code":0}' };
        },
      },
      () => {
        if (denyList) throw { code: 'EXCHANGE_PERMISSION', message: 'Forbidden: 403 {"code":0}' };
        return [BOT];
      },
    );
    const dialog = await openBlock();
    fireEvent.change(within(dialog).getByLabelText('Type trading-bot to confirm'), {
      target: { value: 'trading-bot' },
    });
    fireEvent.click(blockButton(dialog));
    const bot = await rowOf('trading-bot');
    await waitFor(() =>
      expect(within(bot).getByRole('alert').textContent).toContain(
        'This API key has no access to sub-accounts.',
      ),
    );
    denyList = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "This API key has no access to sub-accounts. Enable sub-account management in the key's permissions, or use another key.",
    );
    expect(document.body.textContent).not.toContain('403');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const fake = serve({}, () => {
      if (fail) throw { code: 'EXCHANGE_NETWORK', message: 'The exchange did not answer.' };
      return [BOT];
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The exchange did not answer.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await rowOf('trading-bot');
    expect(fake.callsTo('subAccounts.list')).toHaveLength(2);
  });
});

describe('Sub-accounts refresh (issue 32, item 12)', () => {
  it('reload on the auto-refresh interval like every other list, and from the header', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const fake = serve();
      await screen.findAllByTestId('sub-account-row');
      expect(fake.callsTo('subAccounts.list')).toHaveLength(1);
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      await waitFor(() => expect(fake.callsTo('subAccounts.list')).toHaveLength(2));
      await act(async () => {
        await useShellStore.getState().refresh?.();
      });
      expect(fake.callsTo('subAccounts.list')).toHaveLength(3);
    } finally {
      useSettings.setState({ autoRefreshSeconds: 30 });
      vi.useRealTimers();
    }
  });
});
