// What an install on each OS depends on in the packaging configuration, read from
// electron-builder.yml and package.json as electron-builder reads them (no build, no Electron).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderConfig, packageJson } from './support/config';
import { REPO } from './support/pre-step';

const config = builderConfig();
const pkg = packageJson();

/** The AppImage toolsets the installed electron-builder knows (its configuration schema). */
function knownAppImageToolsets(): string[] {
  const scheme = JSON.parse(
    readFileSync(join(REPO, 'node_modules/app-builder-lib/scheme.json'), 'utf8'),
  ) as {
    definitions: {
      ToolsetConfig: { properties: { appimage: { anyOf: { enum?: string[] }[] } } };
    };
  };
  return scheme.definitions.ToolsetConfig.properties.appimage.anyOf.flatMap((a) => a.enum ?? []);
}

describe('electron-builder.yml and package.json: what a real install needs', () => {
  it('AppImage: the static runtime (toolset 1.0 or later), which needs no libfuse.so.2', () => {
    const toolset = config.toolsets?.appimage;
    expect(toolset, 'toolsets.appimage').toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(toolset!.split('.')[0])).toBeGreaterThanOrEqual(1);
    expect(knownAppImageToolsets()).toContain(toolset);
  });

  it('macOS: a zip beside the dmg, for x64 and arm64 (electron-updater installs from the zip)', () => {
    const targets = Object.fromEntries(config.mac.target.map((t) => [t.target, [...t.arch]]));
    expect(targets['dmg']?.sort()).toEqual(['arm64', 'x64']);
    expect(targets['zip']?.sort()).toEqual(['arm64', 'x64']);
  });

  it('Linux: homepage, repository and desktopName in package.json; the .desktop file named by it', () => {
    expect(pkg.homepage).toMatch(/^https:\/\/[^/]+/);
    expect(pkg.repository).toBeTruthy();
    expect(pkg.desktopName).toBe('exchange-desk.desktop');
    expect(config.linux.syncDesktopName).toBe(true);
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']));
  });

  it('the update feed comes from package.json repository alone: no publish section anywhere', () => {
    const sections = ['mac', 'win', 'linux', 'dmg', 'zip', 'nsis', 'appImage', 'deb'];
    expect(config.publish).toBeUndefined();
    for (const section of sections) {
      expect((config[section] as { publish?: unknown } | undefined)?.publish, section).toBe(
        undefined,
      );
    }
    // Without it electron-builder would take the checkout's git remote as the feed.
    expect(pkg.repository).toBeTruthy();
  });

  it('the hardening fuses electron-builder can set are all set', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    });
  });
});
