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
  'glance.terminal.option': '{terminal} — {state}',
  'glance.terminal.ready': 'ready',
  'glance.terminal.waitingHere': 'waiting for a payment from this register',
  'glance.terminal.busyElsewhere': 'busy at {register} for {minutes, plural, =0 {less than a minute} one {# minute} other {# minutes}}',
  'glance.terminal.noAnswer': 'did not answer last time ({when})',
  'glance.terminal.chargeWhileWaiting': 'Charge will be refused until the payment this register sent to it has ended. Your amount is kept.',
  'glance.terminal.chargeWhileBusy': 'Charge will be refused and nothing sent while {register} uses it: wait for it to finish, or choose another terminal.',
  'glance.terminal.chargeAfterNoAnswer': 'Charge will send to it as usual: first check that it is switched on and shows no other payment.',
  'glance.terminal.shortcut': 'Shortcut to choose the terminal',
  'glance.checked': 'Checked at {time, time, medium}: still no answer.',
  'glance.checking': 'Asking the bank…',
  'glance.terminal.nameTooLong': 'This name has {count} characters; a terminal name is at most {max}. Shorten it to save it.',
} satisfies Record<string, string>;
