import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadWindowState,
  MIN_SIZE,
  placeWindow,
  saveWindowState,
} from '../../../src/main/shell/windowState';

const primary = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const right = { workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };
const small = { workArea: { x: 0, y: 0, width: 1024, height: 700 } };

describe('placeWindow', () => {
  it('first launch: the default size centred on the primary display', () => {
    expect(placeWindow(undefined, [primary])).toEqual({
      bounds: { x: 260, y: 80, width: 1400, height: 880 },
      maximized: false,
    });
  });

  it('keeps remembered bounds that are on a display, and the maximised state', () => {
    const remembered = { bounds: { x: 2000, y: 100, width: 1500, height: 900 }, maximized: true };
    expect(placeWindow(remembered, [primary, right])).toEqual(remembered);
  });

  it('a display that is gone: back to the primary display, size kept, centred', () => {
    const remembered = { bounds: { x: 3000, y: 200, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(remembered, [primary])).toEqual({
      bounds: { x: 360, y: 120, width: 1200, height: 800 },
      maximized: false,
    });
  });

  it('barely on screen (a sliver at the edge) counts as off screen', () => {
    const remembered = { bounds: { x: 1850, y: 100, width: 1200, height: 800 }, maximized: false };
    const placed = placeWindow(remembered, [primary]);
    expect(placed.bounds.x + placed.bounds.width).toBeLessThanOrEqual(1920);
    expect(placed.bounds.x).toBeGreaterThanOrEqual(0);
  });

  it('partly off a display: pulled inside it; too big: shrunk to it, never below the minimum', () => {
    const remembered = { bounds: { x: -300, y: -50, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(remembered, [primary]).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
    });
    const tiny = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false };
    const placed = placeWindow(tiny, [small]).bounds;
    expect(placed.width).toBe(MIN_SIZE.width);
    expect(placed.height).toBe(MIN_SIZE.height);
  });

  it('no displays reported: still a sane window', () => {
    const placed = placeWindow(undefined, []);
    expect(placed.bounds.width).toBeGreaterThanOrEqual(MIN_SIZE.width);
  });
});

describe('loadWindowState / saveWindowState', () => {
  it('round-trips, and ignores a missing, corrupt or hostile file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'desk-window-'));
    const path = join(dir, 'window-state.json');
    expect(await loadWindowState(path)).toBeUndefined();
    const state = { bounds: { x: -1920, y: 0, width: 1400, height: 880 }, maximized: false };
    await saveWindowState(path, state);
    expect(await loadWindowState(path)).toEqual(state);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(state);
    await writeFile(path, '{"bounds":');
    expect(await loadWindowState(path)).toBeUndefined();
    await writeFile(
      path,
      JSON.stringify({ bounds: { x: 1e308, y: 0, width: -5, height: 1 }, maximized: 'yes' }),
    );
    expect(await loadWindowState(path)).toBeUndefined();
  });
});
