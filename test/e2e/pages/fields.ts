import type { Locator } from 'playwright-core';

/**
 * The error text a form input points at through aria-describedby ('' when it is not invalid): the
 * message the app shows under the field.
 */
export async function fieldError(field: Locator): Promise<string> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const node = field.page().locator(`[id="${id}"]`);
    if ((await node.getAttribute('class'))?.includes('field-error'))
      return (await node.textContent()) ?? '';
  }
  return '';
}
