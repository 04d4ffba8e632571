/** English messages of notices, alerts and setup messages outside the other areas; the ids every other language must have. */
export const enNotices = {
} satisfies Record<string, string>;
