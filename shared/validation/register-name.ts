/**
 * A register's name ("Caisse 1"): shown on every screen and to the other registers' cashiers,
 * so short, on one line and made of characters a person can see. One rule for the request a
 * manager sends and the settings file read back from disk.
 */
export const REGISTER_NAME_MAX = 40;

/** Control and format characters (line breaks, tabs, zero-width and direction marks) cannot be seen or typed on purpose. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function isRegisterName(value: unknown): value is string {
  return typeof value === 'string' && value.trim() === value && value.length >= 1 && [...value].length <= REGISTER_NAME_MAX && !INVISIBLE.test(value);
}
