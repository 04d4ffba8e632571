/**
 * The counter window comes back where the shop left it: same size, same place,
 * maximized or not, and in the display mode a manager chose (window, full
 * screen, kiosk). Kept per register in `<data>/window.json`; a damaged file or
 * a monitor that has gone away falls back to a centred default, never to a
 * window off screen.
 */
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { readTextIfExists } from '../fs/read-text.js';
import { parseBoundedJson } from '../../shared/validation/bounded-json.js';

/** A handful of numbers and words: anything near this is not a window file. */
export const MAX_WINDOW_STATE_CHARS = 4 * 1024;

export const DISPLAY_MODES = ['window', 'fullscreen', 'kiosk'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

export interface Rect { x: number; y: number; width: number; height: number }

export interface WindowState {
  bounds: Rect | null;
  maximized: boolean;
  displayMode: DisplayMode;
}

export const WINDOW_STATE_FILE = 'window.json';
export const DEFAULT_SIZE = { width: 1280, height: 800 };
export const MIN_SIZE = { width: 1024, height: 700 };
/** How much of the title bar must be on a screen for the saved place to be usable. */
const GRAB_MARGIN = 100;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e6;
const isRect = (v: unknown): v is Rect =>
  typeof v === 'object' && v !== null && ['x', 'y', 'width', 'height'].every((k) => isInt((v as Record<string, unknown>)[k]));

/** Validates a parsed file field by field: what is wrong falls back alone, the rest is kept. */
export function parseWindowState(doc: unknown): WindowState {
  const o = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : {};
  return {
    bounds: isRect(o.bounds) && o.bounds.width > 0 && o.bounds.height > 0 ? o.bounds : null,
    maximized: o.maximized === true,
    displayMode: DISPLAY_MODES.includes(o.displayMode as DisplayMode) ? (o.displayMode as DisplayMode) : 'window',
  };
}

/**
 * The saved state, or the default with the reason it could not be used (`problem`, for the
 * log): a missing file is no problem, an unreadable, oversized or non-JSON one is named.
 */
export async function loadWindowState(dataDir: string): Promise<WindowState & { problem?: string }> {
  let text: string | null;
  try {
    text = await readTextIfExists(join(dataDir, WINDOW_STATE_FILE), MAX_WINDOW_STATE_CHARS);
  } catch (e) {
    return { ...parseWindowState(null), problem: `${WINDOW_STATE_FILE} not read: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (text === null) return parseWindowState(null);
  const parsed = parseBoundedJson(text, MAX_WINDOW_STATE_CHARS);
  if (!parsed.ok) return { ...parseWindowState(null), problem: `${WINDOW_STATE_FILE} ignored: ${parsed.reason}` };
  return parseWindowState(parsed.value);
}

export function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  return writeFileAtomic(join(dataDir, WINDOW_STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Where the window opens: the saved bounds when their title bar is reachable on
 * one of today's screens (shrunk to fit it), otherwise the default size centred
 * on the primary screen's work area.
 */
export function placeWindow(saved: Rect | null, workAreas: readonly Rect[]): Rect {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  if (saved) {
    const screen = workAreas.find((a) =>
      saved.x + saved.width - GRAB_MARGIN >= a.x && saved.x + GRAB_MARGIN <= a.x + a.width && saved.y >= a.y && saved.y + GRAB_MARGIN / 2 <= a.y + a.height);
    if (screen) {
      const width = Math.max(MIN_SIZE.width, Math.min(saved.width, screen.width));
      const height = Math.max(MIN_SIZE.height, Math.min(saved.height, screen.height));
      return { x: saved.x, y: saved.y, width, height };
    }
  }
  const width = Math.min(DEFAULT_SIZE.width, primary.width);
  const height = Math.min(DEFAULT_SIZE.height, primary.height);
  return { x: primary.x + Math.round((primary.width - width) / 2), y: primary.y + Math.round((primary.height - height) / 2), width, height };
}
