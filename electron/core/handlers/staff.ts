/** The staff list (a manager's), who is selling at the counter (anyone's), and naming the first manager at the upgrade. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { Reason } from '../../../shared/ipc/error-reasons.js';
import { StaffRefusal, type StaffRefusalReason } from '../../auth/index.js';
import type { AppContext } from '../app-context.js';
import { CoreError } from '../errors.js';

type StaffMethods = 'getStaff' | 'addStaff' | 'editStaff' | 'setStaffActive' | 'setIdleMinutes' | 'nameFirstManager' | 'signInStaff' | 'signOutStaff';

const CODE: Record<StaffRefusalReason, 'invalid_request' | 'conflict' | 'not_found' | 'locked'> = {
  pin_shape: 'invalid_request', name_empty: 'invalid_request', name_long: 'invalid_request', name_taken: 'conflict', last_manager: 'conflict',
  unknown_person: 'not_found', inactive: 'conflict', not_a_manager: 'conflict', list_unreadable: 'locked', manager_first: 'conflict', store_down: 'conflict',
  changed_elsewhere: 'conflict',
};

/** A refusal in the screen's words; nothing was written. */
async function inWords<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof StaffRefusal)) throw e;
    const reason = `staff.${e.why}` as Reason;
    throw new CoreError(CODE[e.why], `${reason} ${JSON.stringify(e.params)}`, undefined, { reason, params: e.params });
  }
}

export function staffHandlers(ctx: AppContext): Pick<Handlers, StaffMethods> {
  const { staff, counter } = ctx;
  const changed = async () => {
    await counter.staffChanged();
    ctx.emitManagerView();
    return counter.view();
  };
  return {
    // Store mode: the names another register added show here too.
    getStaff: async () => {
      await staff.refresh();
      return counter.view();
    },
    // The first person on the list is a manager, and a register's manager PIN is named before anyone else is added.
    addStaff: (req) => inWords(async () => {
      const first = !staff.hasActiveManager();
      if (first && (ctx.gate.view().nameFirstManager || req.role !== 'manager')) {
        throw new StaffRefusal('manager_first', 'The first person on the staff list is a manager.');
      }
      const added = await staff.add(req);
      if (first) ctx.gate.firstManagerAdded({ id: added.id, name: added.name });
      ctx.logger.info('staff member added', { staffId: added.id, role: added.role });
      return changed();
    }),
    editStaff: ({ staffId, ...change }) => inWords(async () => {
      await staff.edit(staffId, change);
      ctx.logger.info('staff member changed', { staffId, name: change.name !== undefined, role: change.role ?? '', pin: change.pin !== undefined });
      return changed();
    }),
    setStaffActive: ({ staffId, active }) => inWords(async () => {
      await staff.setActive(staffId, active);
      ctx.logger.info(active ? 'staff member reactivated' : 'staff member deactivated', { staffId });
      return changed();
    }),
    setIdleMinutes: ({ minutes }) => inWords(async () => {
      await staff.setIdleMinutes(minutes);
      counter.touch();
      return counter.view();
    }),
    nameFirstManager: ({ name }) => inWords(async () => {
      await ctx.gate.nameFirstManager(name);
      ctx.logger.info('the manager PIN became the first manager');
      await changed();
      return ctx.gate.view();
    }),
    signInStaff: async ({ staffId, pin }) => {
      const view = await counter.signIn(staffId, pin);
      ctx.emitManagerView();
      return view;
    },
    signOutStaff: async ({ reason }) => {
      const view = await counter.signOut(reason);
      ctx.emitManagerView();
      return view;
    },
  };
}
