/** English messages of store mode: the store connection in Settings and its notices at the counter; the ids every other language must have. */
export const enStore = {
} satisfies Record<string, string>;
