/**
 * The two hostile inputs every structured-input path is tested with, and a probe
 * proving the refusal kept the event loop free: a 6 000-deep value (which blows
 * the stack of any recursive walk) and a body of several megabytes.
 */
export const DEEP_LEVELS = 6_000;

/** `{"a":{"a":…{"a":1}…}}`, DEEP_LEVELS deep, as text: built without recursion. */
export function deepJsonText(levels = DEEP_LEVELS): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A shallow, valid JSON object of about `mb` megabytes, in 1 KiB texts: refused only for its size. */
export function hugeJsonText(mb = 6): string {
  return JSON.stringify({ items: Array.from({ length: mb * 1024 }, () => 'x'.repeat(1020)) });
}

/**
 * Runs `work` with a 5 ms timer waiting and returns the longest gap between its
 * ticks: a refusal that walks a hostile value recursively or in one long burst shows here.
 */
export async function longestTimerGap(work: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    clearInterval(tick);
  }
  return Math.max(longest, performance.now() - last);
}

/** Generous: a shared 2-core machine stalls timers for a while; a stack-deep walk or a hang is far beyond. */
export const FREE_LOOP_MS = 2_500;
