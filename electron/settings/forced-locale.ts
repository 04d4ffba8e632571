/**
 * COUNTERPAY_LOCALE forces the screen language on this computer (tests, demos):
 * read once per question from the environment, handed to the renderer as is
 * so the renderer and the sign-in pages resolve it with the same rule.
 */
export function forcedLocale(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.COUNTERPAY_LOCALE?.trim();
  return raw ? raw : null;
}
