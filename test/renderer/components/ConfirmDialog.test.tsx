import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../../src/renderer/components/ConfirmDialog';

afterEach(cleanup);

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order 42
      </button>
      {open ? (
        <ConfirmDialog
          title="Cancel the order?"
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          onConfirm={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        >
          <p>Sure?</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

describe('ConfirmDialog gives focus back', () => {
  it.each([
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
    [
      'the dismiss button',
      () => fireEvent.click(screen.getByRole('button', { name: 'Keep order' })),
    ],
    ['confirming', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }))],
  ])('after %s, focus is on what opened it again', (_how, close) => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Cancel order 42' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep order' }));
    close();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
