/**
 * The manager's month and year closings: which period, and who closes it. Whether the period can
 * be closed (over, every day or month of it closed) is the main process's rule, with its own words.
 */
import * as v from 'valibot';
import { isPeriod, PERIOD_KINDS } from '../domain/closings.js';
import { issuesOf, oneOf, request, text } from './schema-kit.js';
import { personName } from './requests.js';

export const closePeriodRequest = v.pipe(
  request({
    kind: oneOf('kind', PERIOD_KINDS),
    period: text('period', 7, { min: 4 }),
    // Absent: the manager signed in or whose PIN opened the back office (a register without staff still types a name).
    closedBy: v.optional(personName('closedBy')),
  }),
  issuesOf((o: { kind: 'month' | 'year'; period: string; closedBy?: string | undefined }) => (isPeriod(o.kind, o.period) ? [] : [{
    pointer: '/period', code: 'invalid', detail: `period must be a ${o.kind} written ${o.kind === 'month' ? 'YYYY-MM' : 'YYYY'}`,
  }])),
);

export type ClosePeriodRequest = v.InferOutput<typeof closePeriodRequest>;
