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
