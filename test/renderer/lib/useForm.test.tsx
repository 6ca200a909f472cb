import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../../../src/renderer/components/Field';
import { deskFieldErrors, parseForm } from '../../../src/renderer/lib/parseForm';
import { useForm, type FormOptions } from '../../../src/renderer/lib/useForm';
import { contract } from '../../../src/shared/contract';

afterEach(cleanup);

/** The rename schema: `name` is required ("Give the account a name.") and at most 40 characters. */
const schema = contract.profiles.rename.input;
type Values = { name: string };
type Options = FormOptions<Values, typeof schema>;

/** A form with one field, `name`, bound the way the app's forms bind theirs. */
function NameForm(props: Partial<Options> & Pick<Options, 'submit'>) {
  const form = useForm({
    initial: { name: '' },
    fields: ['name'],
    schema,
    input: (values: Values) => ({ id: 'p-1', ...values }),
    focus: { name: 'name' },
    ...props,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField id="name" label="Name" {...form.bind('name')} />
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

const nameInput = () => screen.getByLabelText('Name');
const type = (value: string) => fireEvent.change(nameInput(), { target: { value } });

/** The message the input points at through aria-describedby, asserting aria-invalid. */
function errorUnder(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean) ?? undefined;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useForm', () => {
  it('single flight: two quick submits send one request', async () => {
    const answer = deferred();
    const submit = vi.fn(() => answer.promise);
    render(<NameForm submit={submit} />);
    type('Main');
    const form = nameInput().closest('form')!;
    // In the same tick, before React renders the busy state: the guard is not the disabled button.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    fireEvent.submit(form);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ id: 'p-1', name: 'Main' }, { name: 'Main' });
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => answer.resolve());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    // Once the answer is in, the form may be sent again.
    fireEvent.submit(form);
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('single flight holds for `send` too (a confirm dialog clicked twice)', async () => {
    const answer = deferred();
    const submit = vi.fn(() => answer.promise);
    function Reviewed() {
      const [reviewed, setReviewed] = useState<{ id: string; name: string } | undefined>();
      const form = useForm({
        initial: { name: 'Main' },
        fields: ['name'],
        schema,
        input: (values: Values) => ({ id: 'p-1', ...values }),
        review: (data) => setReviewed(data),
        submit,
      });
      return (
        <form onSubmit={form.onSubmit}>
          <button type="submit">Review</button>
          {reviewed ? (
            <button type="button" onClick={() => void form.send(reviewed)}>
              Confirm
            </button>
          ) : null}
        </form>
      );
    }
    render(<Reviewed />);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(submit).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    fireEvent.click(confirm);
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve());
  });

  it('a client check blocks submit with the contract’s message, under the field, focused', () => {
    const submit = vi.fn(async () => undefined);
    render(<NameForm submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const contractMessage = schema.safeParse({ id: 'p-1', name: '' }).error?.issues[0]?.message;
    expect(contractMessage).toBe('Give the account a name.');
    expect(errorUnder(nameInput())).toBe(contractMessage);
    expect(document.activeElement).toBe(nameInput());
    expect(submit).not.toHaveBeenCalled();
    // Editing the field clears its message.
    type('M');
    expect(errorUnder(nameInput())).toBeUndefined();
  });

  it('a check the schema cannot make blocks submit too; the schema still guards what is sent', () => {
    const submit = vi.fn(async () => undefined);
    const { unmount } = render(
      <NameForm
        submit={submit}
        check={(values, found) => ({
          ...found,
          name: values.name === 'Demo' ? 'That name is taken.' : found['name'],
        })}
      />,
    );
    type('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorUnder(nameInput())).toBe('That name is taken.');
    expect(submit).not.toHaveBeenCalled();
    unmount();

    // A check that clears every message cannot let through what the schema refuses.
    render(<NameForm submit={submit} check={() => ({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorUnder(nameInput())).toBe('Give the account a name.');
    expect(submit).not.toHaveBeenCalled();
  });

  it('server field errors land under their fields; the rest is said at form level', async () => {
    const submit = vi.fn(async () => {
      throw {
        code: 'INVALID_INPUT',
        message: 'Check the form.',
        fields: { name: ['That name is taken.', 'second'], color: ['Pick a color.'] },
      };
    });
    render(<NameForm submit={submit} />);
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(errorUnder(nameInput())).toBe('That name is taken.');
    expect(screen.getByRole('alert').textContent).toBe('Pick a color.');
    expect(document.activeElement).toBe(nameInput());
    expect((nameInput() as HTMLInputElement).value).toBe('Main');
  });

  it('reads aliases and words a refusal for the form; says so when every message went under a field', async () => {
    const failed = vi.fn();
    render(
      <NameForm
        submit={async () => {
          throw { code: 'EXCHANGE', message: 'x', fields: { title: ['taken'] } };
        }}
        server={{
          aliases: { title: 'name' },
          word: (field, message) => `${field}: ${message}`,
          refused: 'Nothing was saved.',
        }}
        failed={failed}
      />,
    );
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nothing was saved.');
    expect(errorUnder(nameInput())).toBe('title: taken');
    expect(failed).toHaveBeenCalledWith(
      { code: 'EXCHANGE', message: 'x', fields: { title: ['taken'] } },
      { name: 'title: taken' },
    );
  });

  it('an error that names no field is its message at form level, or what the form says of it', async () => {
    const refusal = { code: 'EXCHANGE_PERMISSION', message: 'Forbidden.' };
    const { unmount } = render(
      <NameForm
        submit={async () => {
          throw refusal;
        }}
      />,
    );
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Forbidden.');
    unmount();

    render(
      <NameForm
        submit={async () => {
          throw refusal;
        }}
        server={{ message: (e) => (e.code === 'EXCHANGE_PERMISSION' ? 'No access.' : undefined) }}
      />,
    );
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No access.');
  });

  it('takes what submit answers into the values (a sent form clears its fields)', async () => {
    render(<NameForm submit={async () => ({ name: '' })} />);
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => undefined);
    expect((nameInput() as HTMLInputElement).value).toBe('');
  });

  it('does nothing while blocked (a review open, a wait running)', () => {
    const submit = vi.fn(async () => undefined);
    render(<NameForm submit={submit} blocked />);
    type('Main');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(errorUnder(nameInput())).toBeUndefined();
  });
});

describe('parseForm and deskFieldErrors', () => {
  it('the schema’s messages win; fallback words zod’s generic ones', () => {
    const result = parseForm(
      contract.lock.configure.input,
      { passcode: '12', idleMinutes: Number.NaN },
      { idleMinutes: 'Enter minutes.' },
    );
    expect(result).toEqual({
      ok: false,
      fields: { passcode: 'Use at least 4 characters.', idleMinutes: 'Enter minutes.' },
    });
  });

  it('maps a DeskError once: known fields (and aliases) under them, the rest at form level', () => {
    const error = {
      message: 'Validation failed',
      fields: { total: ['Too small.'], amount: ['Too big.'], leverage: ['No leverage.'] },
    };
    expect(deskFieldErrors(error, ['amount'], { aliases: { total: 'amount' } })).toEqual({
      fields: { amount: 'Too small.' },
      rest: 'No leverage.',
    });
    expect(deskFieldErrors({ message: 'Down.' }, ['amount'])).toEqual({
      fields: {},
      rest: 'Down.',
    });
    expect(deskFieldErrors({ message: 'x', fields: { amount: ['Bad.'] } }, ['amount'])).toEqual({
      fields: { amount: 'Bad.' },
      rest: undefined,
    });
  });
});
