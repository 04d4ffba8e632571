/** English messages of the payment journal, its totals, export, report and closing the day; the ids every other language must have. */
export const enHistory = {
} satisfies Record<string, string>;
