// A stand-in for an unpacked Electron distribution (what electron-builder's `electronDist` points
// at), so the packaging test needs no Electron download. Its `electron` executable is a tiny shell
// script that carries Electron's fuse wire, the bytes @electron/fuses looks for and flips:
//
//   sentinel (32 ASCII chars) | wire version (byte 1) | wire length (byte n) | n fuse bytes
//
// Each fuse byte is ASCII '0' (disabled) or '1' (enabled), in the order of @electron/fuses'
// FuseV1Options. Source: node_modules/@electron/fuses/dist/constants.js (SENTINEL, FuseState) and
// dist/index.js (setFuseWire, getCurrentFuseWire). Electron 45's wire has nine fuses: the eight
// FuseV1Options of @electron/fuses 1.8, then WasmTrapHandlers (on), which it has no name for.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
export const FUSE_WIRE_VERSION = 1;
/** FuseState: ASCII '0' and '1'. */
export const FUSE_DISABLED = 0x30;
export const FUSE_ENABLED = 0x31;

/** FuseV1Options in wire order, each with its state in a stock Electron binary. */
export const ELECTRON_DEFAULT_FUSES = [
  ['runAsNode', true],
  ['enableCookieEncryption', false],
  ['enableNodeOptionsEnvironmentVariable', true],
  ['enableNodeCliInspectArguments', true],
  ['enableEmbeddedAsarIntegrityValidation', false],
  ['onlyLoadAppFromAsar', false],
  ['loadBrowserProcessSpecificV8Snapshot', false],
  ['grantFileProtocolExtraPrivileges', true],
  ['wasmTrapHandlers', true],
] as const;

export type FuseName = (typeof ELECTRON_DEFAULT_FUSES)[number][0];

/** The fuse wire of a stock Electron binary: sentinel, version, length, one byte per fuse. */
export function defaultFuseWire(): Buffer {
  return Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([FUSE_WIRE_VERSION, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES.map(([, on]) => (on ? FUSE_ENABLED : FUSE_DISABLED))),
  ]);
}

/**
 * Writes a stand-in Linux Electron distribution into `dir`: the `electron` executable (a shell
 * script ending in a comment line that holds the fuse wire), `version` and `LICENSE`.
 */
export function makeStandInElectron(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  const executable = join(dir, 'electron');
  writeFileSync(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in Electron: not runnable" >&2\nexit 1\n# ', 'ascii'),
      defaultFuseWire(),
      Buffer.from('\n', 'ascii'),
    ]),
  );
  chmodSync(executable, 0o755);
  writeFileSync(join(dir, 'version'), `${version}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'Stand-in for the Electron distribution, for tests only.\n');
  return dir;
}

/** Reads the fuse wire back out of an executable's bytes: each fuse by name, or its raw byte. */
export function readFuses(binary: Buffer): Record<FuseName, boolean | number> {
  const at = binary.indexOf(FUSE_SENTINEL, 0, 'ascii');
  if (at < 0) throw new Error('no fuse sentinel in the executable');
  const wire = at + FUSE_SENTINEL.length;
  if (binary[wire] !== FUSE_WIRE_VERSION) throw new Error(`fuse wire version ${binary[wire]}`);
  const length = binary[wire + 1] ?? 0;
  const fuses = {} as Record<FuseName, boolean | number>;
  ELECTRON_DEFAULT_FUSES.forEach(([name], i) => {
    const state = i < length ? binary[wire + 2 + i] : undefined;
    fuses[name] =
      state === FUSE_ENABLED ? true : state === FUSE_DISABLED ? false : (state ?? Number.NaN);
  });
  return fuses;
}

/**
 * A stand-in for fpm, the tool electron-builder makes a .deb with (given as CUSTOM_FPM_PATH, so
 * nothing is downloaded): it writes its arguments, one per line, to `<dir>/fpm-args`, copies the
 * .desktop file it is handed to `<dir>/fpm.desktop`, and makes the (empty) package file.
 */
export function makeStandInFpm(dir: string): { fpm: string; args: string; desktop: string } {
  mkdirSync(dir, { recursive: true });
  const fpm = join(dir, 'fpm');
  const args = join(dir, 'fpm-args');
  const desktop = join(dir, 'fpm.desktop');
  writeFileSync(
    fpm,
    [
      '#!/bin/sh',
      `: > '${args}'`,
      'previous=""',
      'for arg in "$@"; do',
      `  printf '%s\\n' "$arg" >> '${args}'`,
      '  case "$arg" in',
      `    *.desktop=/usr/share/applications/*) cp "\${arg%%=/usr/share/applications/*}" '${desktop}' ;;`,
      '  esac',
      '  if [ "$previous" = "--package" ]; then : > "$arg"; fi',
      '  previous="$arg"',
      'done',
      '',
    ].join('\n'),
  );
  chmodSync(fpm, 0o755);
  return { fpm, args, desktop };
}
