import { afterEach, describe, expect, it, vi } from 'vitest';
import { knowsSeparators, rememberSeparators, separatorsOf } from '../../src/shared/separators';

afterEach(() => vi.restoreAllMocks());

describe('separators taken from main', () => {
  it('are used without an Intl call, and a locale read here is never replaced', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    expect(knowsSeparators('es-ES')).toBe(false);
    rememberSeparators('es-ES', { group: '.', decimal: ',' });
    expect(knowsSeparators('es-ES')).toBe(true);
    expect(separatorsOf('es-ES')).toEqual({ group: '.', decimal: ',' });
    expect(made).not.toHaveBeenCalled();

    const own = separatorsOf('it-IT');
    expect(made).toHaveBeenCalledTimes(1);
    rememberSeparators('it-IT', { group: ',', decimal: '.' });
    expect(separatorsOf('it-IT')).toEqual(own);
  });

  it('refuses what could not be read back: more than one character, none, or the same two', () => {
    rememberSeparators('pt-PT', { group: '..', decimal: ',' });
    rememberSeparators('pt-BR', { group: '', decimal: ',' });
    rememberSeparators('nl-NL', { group: ',', decimal: ',' });
    for (const locale of ['pt-PT', 'pt-BR', 'nl-NL']) expect(knowsSeparators(locale)).toBe(false);
    // A space of another width is one character: fr-FR groups with U+202F.
    rememberSeparators('fr-CA', { group: '\u00a0', decimal: ',' });
    expect(separatorsOf('fr-CA')).toEqual({ group: '\u00a0', decimal: ',' });
  });

  it('keeps a bounded number of locales, however many a page asks main for', () => {
    rememberSeparators('sv-SE', { group: '\u00a0', decimal: ',' });
    for (let i = 0; i < 40; i++) separatorsOf(`en-X${String(i).padStart(3, '0')}`);
    expect(knowsSeparators('sv-SE')).toBe(false);
    expect(separatorsOf('en-X039')).toEqual({ group: ',', decimal: '.' });
  });
});
