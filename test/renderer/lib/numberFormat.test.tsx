import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../../../src/renderer/components/Field';
import { formatDecimal } from '../../../src/renderer/lib/decimal';
import { formatCount, readDecimal } from '../../../src/renderer/lib/numberFormat';
import { separatorsOf } from '../../../src/shared/separators';
import { useSettings } from '../../../src/renderer/lib/settingsStore';
import { useForm } from '../../../src/renderer/lib/useForm';

afterEach(() => {
  cleanup();
  useSettings.setState({ numberFormat: 'system' });
});

const EN = separatorsOf('en-US');
const DE = separatorsOf('de-DE');

describe('separators', () => {
  it('come from the locale: en-US groups with a comma, de-DE with a point, fr-FR with a space', () => {
    expect(EN).toEqual({ group: ',', decimal: '.' });
    expect(DE).toEqual({ group: '.', decimal: ',' });
    expect(separatorsOf('fr-FR').decimal).toBe(',');
    expect(separatorsOf('fr-FR').group).toMatch(/^\s$/u);
  });

  it('amounts, prices and counts are written in the chosen format, digits exact', () => {
    expect(formatDecimal('1234567.891', 2)).toBe('1,234,567.89');
    useSettings.setState({ numberFormat: 'de-DE' });
    expect(formatDecimal('1234567.891', 2)).toBe('1.234.567,89');
    expect(formatDecimal('-0.123456789012345678', 18)).toBe('−0,123456789012345678');
    expect(formatDecimal('64250.5000', 2)).toBe('64.250,50');
    expect(formatCount(12345, ['order', 'orders'])).toBe('12.345 orders');
    expect(formatCount(1, ['order', 'orders'])).toBe('1 order');
  });
});

describe('readDecimal (what a user types)', () => {
  const cases: [string, string, string][] = [
    // typed, read in en-US, read in de-DE
    ['0.5', '0.5', '0.5'],
    ['0,5', '0.5', '0.5'],
    ['1,500', '1500', '1.500'], // in de-DE the comma is decimal: 1.5
    ['1.500', '1.500', '1500'],
    ['1,234.56', '1234.56', '1234.56'],
    ['1.234,56', '1234.56', '1234.56'],
    ['1 234,56', '1234.56', '1234.56'],
    ["1'234.5", '1234.5', '1234.5'],
    ['1,234,567', '1234567', '1234567'],
    [' 12 ', '12', '12'],
    ['0,500', '0.500', '0.500'],
  ];
  it.each(cases)('%s reads as %s (en-US) and %s (de-DE)', (typed, en, de) => {
    expect(readDecimal(typed, EN)).toBe(en);
    expect(readDecimal(typed, DE)).toBe(de);
  });

  it('leaves what is not a number, or is ambiguous beyond reading, for the checks to refuse', () => {
    for (const typed of ['abc', '1,2,3', '1.2.3', '1,234.5,6', '0x10', '1e5', '--1']) {
      const read = readDecimal(typed, EN);
      expect(read === typed.trim() || !/^-?\d+(\.\d+)?$/.test(read)).toBe(true);
    }
    expect(readDecimal('1,2,3', EN)).toBe('1,2,3');
  });
});

const amountSchema = z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/, 'Enter an amount.') });

function AmountForm({ submit }: { submit(data: { amount: string }): Promise<void> }) {
  const form = useForm({
    initial: { amount: '' },
    fields: ['amount'],
    schema: amountSchema,
    submit,
    decimals: ['amount'],
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField id="amount" label="Amount" {...form.bind('amount')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('a form’s decimal fields', () => {
  it('are read in the user’s format on submit and shown as read: "0,5" sends 0.5', async () => {
    useSettings.setState({ numberFormat: 'de-DE' });
    const submit = vi.fn(async () => {});
    render(<AmountForm submit={submit} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.234,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect((submit.mock.calls[0] as unknown[])[0]).toEqual({ amount: '1234.5' });
    expect(input.value).toBe('1234.5');
  });

  it('in a point format a comma followed by three digits groups ("1,500" is 1500), else it is decimal', async () => {
    const submit = vi.fn(async () => {});
    render(<AmountForm submit={submit} />);
    const input = screen.getByLabelText('Amount');
    fireEvent.change(input, { target: { value: '1,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    fireEvent.change(input, { target: { value: '0,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(submit.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      { amount: '1500' },
      { amount: '0.25' },
    ]);
  });
});
