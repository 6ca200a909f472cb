import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/atomicFile';

/**
 * The main window's size, position and maximised state, remembered across launches in
 * `window-state.json` and clamped to a display that exists now (a monitor unplugged since the last
 * run must not leave the window off-screen).
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export interface DisplayArea {
  workArea: Rect;
}

export const DEFAULT_SIZE = { width: 1400, height: 880 } as const;
export const MIN_SIZE = { width: 960, height: 600 } as const;
/** At least this much of the window must be on a display for a remembered position to be kept. */
const MIN_VISIBLE = { width: 160, height: 80 } as const;

const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(1).max(100_000);
const stateSchema = z.object({
  bounds: z.object({ x: coordinate, y: coordinate, width: length, height: length }),
  maximized: z.boolean(),
});

/** The remembered state, or undefined when there is none or the file is unreadable. */
export async function loadWindowState(path: string): Promise<WindowState | undefined> {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function saveWindowState(path: string, state: WindowState): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(state));
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function centred(area: Rect, width: number, height: number): Rect {
  return {
    width,
    height,
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + (area.height - height) / 2),
  };
}

/**
 * Where the window opens: the remembered bounds when enough of them is on a display (the size
 * shrunk to that display's work area), else the default size centred on the primary display
 * (`displays[0]`). No size is ever below the window's minimum.
 */
export function placeWindow(
  remembered: WindowState | undefined,
  displays: readonly DisplayArea[],
): WindowState {
  const primary = displays[0]?.workArea ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  const fit = (area: Rect, width: number, height: number) => ({
    width: Math.max(MIN_SIZE.width, Math.min(width, area.width)),
    height: Math.max(MIN_SIZE.height, Math.min(height, area.height)),
  });
  if (remembered) {
    const { bounds } = remembered;
    const home = displays
      .map((d) => ({ area: d.workArea, seen: overlap(bounds, d.workArea) }))
      .find((d) => d.seen.width >= MIN_VISIBLE.width && d.seen.height >= MIN_VISIBLE.height);
    if (home) {
      const size = fit(home.area, bounds.width, bounds.height);
      // Pull the window inside the display it is on, keeping its top-left where possible.
      const x = Math.min(
        Math.max(bounds.x, home.area.x),
        home.area.x + home.area.width - size.width,
      );
      const y = Math.min(
        Math.max(bounds.y, home.area.y),
        home.area.y + home.area.height - size.height,
      );
      return { bounds: { x, y, ...size }, maximized: remembered.maximized };
    }
    const size = fit(primary, bounds.width, bounds.height);
    return { bounds: centred(primary, size.width, size.height), maximized: remembered.maximized };
  }
  const size = fit(primary, DEFAULT_SIZE.width, DEFAULT_SIZE.height);
  return { bounds: centred(primary, size.width, size.height), maximized: false };
}
