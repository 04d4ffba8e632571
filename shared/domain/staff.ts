/**
 * Who is selling: the shape every record, report and screen uses to name a person. One
 * definition so the journal's `by`, the attempt's cashier, the X report and the exports agree on
 * how a person is told apart (by id: two people may share a name) and shown (by name).
 */

export const STAFF_ROLES = ['cashier', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A person as records keep them: the id is what counts, the name is what people read. */
export interface StaffRef {
  id: string;
  name: string;
}

/** A person on the staff list, as the renderer may see them: never a PIN or its hash. */
export interface StaffMember extends StaffRef {
  role: StaffRole;
  active: boolean;
}

export const STAFF_NAME_MAX = 40;
export const STAFF_ID_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Records written before staff existed name nobody, or a typed name: both are read as "not a staff member". */
export function sameStaff(a: StaffRef | null | undefined, b: StaffRef | null | undefined): boolean {
  return a != null && b != null && a.id === b.id;
}
