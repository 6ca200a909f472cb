import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Copyable, CopyButton } from '../../../src/renderer/components/CopyButton';
import { stubClipboard } from '../clipboard';

let writeText: ReturnType<typeof stubClipboard>;
beforeEach(() => {
  writeText = stubClipboard();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await Promise.resolve();
  });
}

const VALUE = '  bc1q w/ spaces…and ünïcode\t0x00  ';

describe('CopyButton', () => {
  it('is named after what it copies, never after the value', () => {
    render(<CopyButton value="0xsecretaddress" what="address" />);
    const button = screen.getByRole('button', { name: 'Copy address' });
    expect(button.getAttribute('title')).toBe('Copy address');
    expect(document.body.innerHTML).not.toContain('0xsecretaddress');
  });

  it('writes the exact value to the clipboard and says "Copied" politely', async () => {
    render(<CopyButton value={VALUE} what="transaction hash" />);
    const status = document.querySelector('[aria-live="polite"]')!;
    // The live region is there before anything is said in it (so screen readers hear the change).
    expect(status.textContent).toBe('');
    await click(screen.getByRole('button', { name: 'Copy transaction hash' }));
    expect(writeText.mock.calls).toEqual([[VALUE]]);
    expect(status.textContent).toBe('Copied');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops saying "Copied" after a moment', async () => {
    vi.useFakeTimers();
    render(<CopyButton value="x" what="id" />);
    await click(screen.getByRole('button', { name: 'Copy id' }));
    const status = document.querySelector('[aria-live="polite"]')!;
    expect(status.textContent).toBe('Copied');
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(status.textContent).toBe('');
  });

  it('says plainly when the clipboard refuses, and a later copy that works clears it', async () => {
    writeText.mockRejectedValueOnce(
      new DOMException('Write permission denied.', 'NotAllowedError'),
    );
    render(<CopyButton value="u-1" what="unique id" />);
    const button = screen.getByRole('button', { name: 'Copy unique id' });
    await click(button);
    expect(screen.getByRole('alert').textContent).toBe('Could not copy');
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('');

    await click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('Copied');
    expect(writeText.mock.calls).toEqual([['u-1'], ['u-1']]);
  });

  it('says plainly when there is no clipboard at all', async () => {
    stubClipboard(false);
    render(<CopyButton value="u-1" what="unique id" />);
    await click(screen.getByRole('button', { name: 'Copy unique id' }));
    expect(screen.getByRole('alert').textContent).toBe('Could not copy');
  });
});

describe('Copyable', () => {
  it('shows what it is given and copies the whole value', async () => {
    render(
      <Copyable value="0x1234567890abcdef" what="address">
        <span>0x12…ef</span>
      </Copyable>,
    );
    expect(screen.getByText('0x12…ef')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText.mock.calls).toEqual([['0x1234567890abcdef']]);
  });
});
