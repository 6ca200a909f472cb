import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddAccountForm } from '../../../src/renderer/features/accounts/AddAccountForm';
import { useProfilesStore } from '../../../src/renderer/features/accounts/profilesStore';
import { setDesk } from '../../../src/renderer/lib/desk';
import type { ProfilesState } from '../../../src/shared/model';
import { fakeDesk } from '../fakeDesk';
import { profile, profilesState, resetStores } from './fixtures';

beforeEach(resetStores);
afterEach(() => {
  cleanup();
  setDesk(undefined);
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add account' }));

/** The error text an input points at with aria-describedby. */
function errorOf(label: string): string | undefined {
  const el = screen.getByLabelText(label);
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((n) => n?.className === 'field-error')
      ?.textContent ?? undefined
  );
}

function fillValid() {
  type('Name', 'Main');
  type('API key', 'key-abcd');
  type('API secret', 'secret-xyz');
}

describe('Add account form', () => {
  it('checks every field before sending, and sends nothing when a field is wrong', () => {
    const fake = fakeDesk({});
    setDesk(fake.desk);
    render(<AddAccountForm />);
    submit();
    expect(errorOf('Name')).toBe('Give the account a name.');
    expect(errorOf('API key')).toBe('Paste the API key.');
    expect(errorOf('API secret')).toBe('Paste the API secret.');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('profiles.add')).toHaveLength(0);
  });

  it('asks for the address only for a custom region, and checks it', () => {
    const fake = fakeDesk({});
    setDesk(fake.desk);
    render(<AddAccountForm />);
    expect(screen.queryByLabelText('Custom address')).toBeNull();
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'custom' } });
    fillValid();
    submit();
    expect(errorOf('Custom address')).toBe(
      'Enter the exchange address, e.g. https://exchange.example.',
    );
    expect(errorOf('Name')).toBeUndefined();
    expect(fake.callsTo('profiles.add')).toHaveLength(0);
  });

  it('the secret input is a password field that is never autocompleted or spell-checked', () => {
    setDesk(fakeDesk({}).desk);
    render(<AddAccountForm />);
    const secret = input('API secret');
    expect(secret.type).toBe('password');
    expect(secret.getAttribute('autocomplete')).toBe('off');
    expect(secret.getAttribute('spellcheck')).toBe('false');
  });

  it('puts a signature failure under the secret and keeps what was typed', async () => {
    const message = 'The exchange rejected the signature: the API secret does not match this key.';
    const fake = fakeDesk({
      'profiles.add': async () => {
        throw { code: 'VERIFY_FAILED', message, fields: { apiSecret: [message] } };
      },
    });
    setDesk(fake.desk);
    render(<AddAccountForm />);
    fillValid();
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorOf('API secret')).toBe(message);
    expect(errorOf('API key')).toBeUndefined();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('Name').value).toBe('Main');
    expect(input('API key').value).toBe('key-abcd');
    expect(input('API secret').value).toBe('secret-xyz');
    expect(fake.callsTo('profiles.add')).toEqual([
      { name: 'Main', region: 'global', apiKey: 'key-abcd', apiSecret: 'secret-xyz' },
    ]);
  });

  it('puts an unreachable custom address under the address field', async () => {
    const message = 'Could not reach the exchange at this address: connection refused';
    setDesk(
      fakeDesk({
        'profiles.add': async () => {
          throw { code: 'VERIFY_FAILED', message, fields: { customUrl: [message] } };
        },
      }).desk,
    );
    render(<AddAccountForm />);
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'custom' } });
    type('Custom address', 'https://nowhere.example');
    fillValid();
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errorOf('Custom address')).toBe(message);
  });

  it('shows an error that names no field at form level', async () => {
    setDesk(
      fakeDesk({
        'profiles.add': async () => {
          throw { code: 'KEYCHAIN_UNAVAILABLE', message: 'No Secret Service is running.' };
        },
      }).desk,
    );
    render(<AddAccountForm />);
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('No Secret Service is running.');
    expect(input('API secret').value).toBe('secret-xyz');
  });

  it('clears the form (the secret too) on success and says so', async () => {
    const next = profilesState([profile({ name: 'Main' })]);
    setDesk(fakeDesk({ 'profiles.add': async () => next }).desk);
    render(<AddAccountForm />);
    fillValid();
    submit();
    expect((await screen.findByRole('status')).textContent).toContain('Added “Main”');
    expect(input('API secret').value).toBe('');
    expect(input('API key').value).toBe('');
    expect(input('Name').value).toBe('');
    expect(useProfilesStore.getState().state).toEqual(next);
    // The store holds main's answer only: no secret anywhere in it.
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain('secret-xyz');
  });

  it('sends once when submitted twice, and says it is checking meanwhile', async () => {
    let answer: (s: ProfilesState) => void = () => {};
    const fake = fakeDesk({
      'profiles.add': () => new Promise<ProfilesState>((resolve) => (answer = resolve)),
    });
    setDesk(fake.desk);
    render(<AddAccountForm />);
    fillValid();
    const form = input('Name').closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    const button = screen.getByRole('button', { name: 'Checking key…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => answer(profilesState()));
    expect(fake.callsTo('profiles.add')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add account' })).toBeTruthy();
  });
});
