/** English messages of the bank back office: organization, cards, clients, terminals; the ids every other language must have. */
export const enOffice = {
} satisfies Record<string, string>;
