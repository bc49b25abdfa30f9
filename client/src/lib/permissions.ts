// What the signed-in staff member may use, from the shared role map (shared/src/permissions.ts).
// The server refuses the rest whatever the client sends; the screens only follow it.
import { can, type Permission } from '@casillero/shared';
import { useMe } from './auth';

/** Whether the signed-in user's role holds the permission. */
export function useCan(permission: Permission): boolean {
  return can(useMe().data?.user?.role, permission);
}
