import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceiveDialog } from '../../../src/renderer/features/receive';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { DepositAddress, ReceiveAssets } from '../../../src/shared/model';
import { clickCopy, stubClipboard } from '../clipboard';
import { fakeDesk } from '../fakeDesk';

/** The Receive dialog over a fake bridge: address per network, memo warning, QR, copy, refusal. */

const ASSETS: ReceiveAssets = {
  assets: [
    {
      ticker: 'USDT',
      name: 'Tether US',
      precision: 6,
      networks: ['ERC20', 'TRC20'],
      defaultNetwork: 'ERC20',
      memo: false,
    },
    { ticker: 'XRP', name: 'Ripple', precision: 6, networks: ['XRP'], memo: true },
  ],
  fetchedAt: Date.now(),
};

const ADDRESSES: Record<string, Omit<DepositAddress, 'fetchedAt'>> = {
  'USDT:ERC20': {
    ticker: 'USDT',
    network: 'ERC20',
    address: '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE',
    minAmount: '10',
  },
  'USDT:TRC20': { ticker: 'USDT', network: 'TRC20', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
  'XRP:XRP': {
    ticker: 'XRP',
    network: 'XRP',
    address: 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh',
    memo: '104221579',
  },
};

afterEach(() => {
  cleanup();
  setDesk(undefined);
});

function serve(newAddress?: (input: unknown) => Promise<DepositAddress>) {
  const fake = fakeDesk({
    'receive.assets': async () => ASSETS,
    'receive.address': async (input) => {
      const { ticker, network } = input as { ticker: string; network: string };
      return { ...ADDRESSES[`${ticker}:${network}`]!, fetchedAt: Date.now() };
    },
    ...(newAddress ? { 'receive.newAddress': newAddress } : {}),
  });
  setDesk(fake.desk);
  return fake;
}

/**
 * Reads the QR code the dialog drew: its SVG modules painted into pixels (4 per module, the quiet
 * zone included) and decoded with jsQR, as a phone would read the screen.
 */
function decodeQr(): string | undefined {
  const svg = within(screen.getByTestId('receive-qr')).getByRole('img');
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const d = svg.querySelector('path')!.getAttribute('d')!;
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}

describe('ReceiveDialog', () => {
  it('shows the default network’s address, a QR code that decodes to it, captioned with the network', async () => {
    serve();
    render(<ReceiveDialog ticker="USDT" onClose={() => {}} />);
    const address = await screen.findByTestId('receive-address');
    expect(address.textContent).toBe(ADDRESSES['USDT:ERC20']!.address);
    expect(decodeQr()).toBe(ADDRESSES['USDT:ERC20']!.address);
    expect(screen.getByTestId('receive-qr-caption').textContent).toBe('USDT on ERC20');
    expect(screen.queryByTestId('receive-memo-warning')).toBeNull();
  });

  it('rebuilds the QR code when the network changes, and captions it with the new network', async () => {
    const fake = serve();
    render(<ReceiveDialog ticker="USDT" onClose={() => {}} />);
    await screen.findByTestId('receive-address');
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'TRC20' } });
    const trc20 = ADDRESSES['USDT:TRC20']!.address;
    expect(await screen.findByText(trc20)).toBeTruthy();
    expect(decodeQr()).toBe(trc20);
    expect(screen.getByTestId('receive-qr-caption').textContent).toBe('USDT on TRC20');
    expect(fake.callsTo('receive.address')).toEqual([
      { ticker: 'USDT', network: 'ERC20' },
      { ticker: 'USDT', network: 'TRC20' },
    ]);
  });

  it('shows the memo beside the address and warns that the network needs it', async () => {
    serve();
    render(<ReceiveDialog ticker="XRP" onClose={() => {}} />);
    expect((await screen.findByTestId('receive-memo')).textContent).toBe('104221579');
    expect(screen.getByTestId('receive-memo-warning').textContent).toMatch(
      /XRP on XRP needs the memo: send the address and the memo together/,
    );
  });

  it('copies the address whole and shows a check with “Copied”', async () => {
    const writeText = stubClipboard();
    serve();
    render(<ReceiveDialog ticker="USDT" onClose={() => {}} />);
    await screen.findByTestId('receive-address');
    const dialog = screen.getByRole('dialog', { name: 'Receive' });
    await clickCopy(dialog, 'Copy address');
    expect(writeText).toHaveBeenCalledWith(ADDRESSES['USDT:ERC20']!.address);
    expect(within(dialog).getByText('Copied')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy address' }).className).toContain(
      'copied',
    );
  });

  it('shows a new address when the exchange makes one, and its refusal in words when not', async () => {
    const made = 'TXYZfreshAddress0000000000000000001';
    let allow = true;
    serve(async () => {
      if (!allow)
        throw {
          code: 'EXCHANGE_PERMISSION',
          message:
            'This account may not make new deposit addresses: the exchange enables it on request.',
        };
      return { ticker: 'USDT', network: 'TRC20', address: made, fetchedAt: Date.now() };
    });
    render(<ReceiveDialog ticker="USDT" onClose={() => {}} />);
    await screen.findByTestId('receive-address');
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'TRC20' } });
    await screen.findByText(ADDRESSES['USDT:TRC20']!.address);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    });
    expect(screen.getByTestId('receive-address').textContent).toBe(made);
    expect(decodeQr()).toBe(made);

    allow = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(
      /may not make new deposit addresses: the exchange enables it on request/,
    );
    // The address shown stays the one that works.
    expect(screen.getByTestId('receive-address').textContent).toBe(made);
  });
});
