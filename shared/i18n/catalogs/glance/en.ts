/** English messages that tell a cashier at a glance which sale, which terminal and which world: the ids every other language must have. */
export const enGlance = {
  // The sale's own reference (order reference or the note's first words); the key is for support only.
  'glance.ref.note': 'Note: {text}',
  'glance.ref.none': 'None typed',
  'glance.tech.summary': 'Technical details',
  'glance.tech.keyHelp': 'If support asks which payment this is, read them this key:',
  // The live environment's own banner, discreet on purpose: real money is the normal case.
  'glance.banner.live': '{organization} · live',
  'glance.banner.liveNoOrganization': 'Live',
} satisfies Record<string, string>;
