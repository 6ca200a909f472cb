// The packaging configuration as electron-builder reads it: electron-builder.yml and package.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO } from './pre-step';

/**
 * YAML is read with js-yaml, the parser electron-builder reads this file with and electron-updater
 * (a run-time dependency of the app) reads its feed with: taken from electron-updater's own
 * dependencies, so the tests need no YAML package of their own.
 */
const { load } = createRequire(createRequire(__filename).resolve('electron-updater'))(
  'js-yaml',
) as { load(text: string): unknown };

/** The keys of electron-builder.yml the shell's checks read. */
export interface BuilderConfig {
  appId: string;
  files: string[];
  publish?: unknown;
  toolsets?: { appimage?: string };
  electronFuses: Record<string, boolean>;
  mac: { target: { target: string; arch: string[] }[]; publish?: unknown };
  win: { target: { target: string; arch: string[] }[]; publish?: unknown };
  linux: { target: string[]; syncDesktopName?: boolean; publish?: unknown };
  [key: string]: unknown;
}

export function builderConfig(): BuilderConfig {
  return load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}

export interface PackageJson {
  name: string;
  version: string;
  homepage?: string;
  repository?: string | { type?: string; url: string };
  desktopName?: string;
  dependencies: Record<string, string>;
}

export function packageJson(): PackageJson {
  return JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as PackageJson;
}
