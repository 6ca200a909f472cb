import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** A cell of a table's row, by its column's header (the header's text starts with `header`). */
export function cellByHeader(row: HTMLElement, header: string): HTMLElement {
  const table = row.closest('[role="table"]') as HTMLElement;
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent?.startsWith(header));
  expect(index, header).toBeGreaterThanOrEqual(0);
  return within(row).getAllByRole('cell')[index]!;
}
