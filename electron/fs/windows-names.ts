/**
 * Windows reserves device names (CON, NUL, COM1…) in every folder, with or
 * without an extension: a data folder called "con" or "aux.data" would send the
 * journal to a device instead of a file. Paths the app accepts from outside are
 * checked here on every OS, so a folder that works on Linux works on Windows too.
 */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** True when `segment` (one file or folder name) is a Windows device name; trailing dots and spaces are ignored as Windows does. */
export function isWindowsDeviceName(segment: string): boolean {
  return RESERVED.test(segment.replace(/[. ]+$/, ''));
}

/** The first segment of `path` that Windows reserves, or null. Splits on both separators. */
export function windowsDeviceSegment(path: string): string | null {
  return path.split(/[\\/]/).find((s) => s !== '' && isWindowsDeviceName(s)) ?? null;
}
