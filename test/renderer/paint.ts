import { act } from '@testing-library/react';

/**
 * Lets the page paint once: what the app holds back until its first paint (useAfterPaint: the
 * frame after mounting, then the task after it) has run when this resolves.
 */
export async function afterPaint(): Promise<void> {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}
