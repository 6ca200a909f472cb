import { act, fireEvent, within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no clipboard: gives the page's navigator one whose writeText is a spy (resolving), or
 * none at all (`present: false`). Answers the spy.
 */
export function stubClipboard(present = true) {
  const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', {
    value: present ? { writeText } : undefined,
    configurable: true,
  });
  return writeText;
}

/** Clicks the copy button named `name` inside `container` and lets the write settle. */
export async function clickCopy(container: HTMLElement, name: string): Promise<void> {
  await act(async () => {
    fireEvent.click(within(container).getByRole('button', { name }));
    await Promise.resolve();
  });
}
