import { requiredRef, uuidPk } from './columns';
import { users } from './users';

/**
 * The first columns of a customer's row (a mailbox, a package, a payment…): its own id and the
 * customer it belongs to, with what deleting the customer does to it. Spread into the table.
 */
export const customerOwned = (onDelete: 'cascade' | 'restrict') => ({
  id: uuidPk(),
  userId: requiredRef('user_id', () => users.id, onDelete),
});
