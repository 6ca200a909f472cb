import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract';

/**
 * src/shared reads by group: the contract and the domain model are one file per contract group
 * (src/shared/contract/<group>.ts, src/shared/model/<group>.ts), and no file grows past a size a
 * reader takes in at once.
 */
const SHARED = 'src/shared';
const MAX_LINES = 400;

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(dir, name));

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('src/shared', () => {
  it(`holds no file over ${MAX_LINES} lines`, () => {
    const files = sources(SHARED);
    expect(files.length).toBeGreaterThan(20);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('has a contract file and a model file for every group of the contract', () => {
    const groups = Object.keys(contract);
    expect(groups.length).toBeGreaterThan(10);
    const missing = groups.flatMap((group) =>
      ['contract', 'model']
        .map((folder) => join(SHARED, folder, `${group}.ts`))
        .filter((file) => !existsSync(file)),
    );
    expect(missing).toEqual([]);
  });
});
