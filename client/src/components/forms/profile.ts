import type { VenezuelanState } from '@casillero/shared';

type ProfileSource = {
  fullName: string | null;
  phone: string | null;
  cedula: string | null;
  venezuelaAddress: string | null;
  venezuelaCity: string | null;
  venezuelaState: string | null;
};

/** A customer's profile as form values ('' for what is missing), edited by the customer or an admin. */
export function profileValues(p: ProfileSource) {
  return {
    fullName: p.fullName ?? '',
    phone: p.phone ?? '',
    cedula: p.cedula ?? '',
    venezuelaAddress: p.venezuelaAddress ?? '',
    venezuelaCity: p.venezuelaCity ?? '',
    // The server only stores states from the list.
    venezuelaState: (p.venezuelaState ?? '') as VenezuelanState | '',
  };
}
