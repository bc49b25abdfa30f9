// Bank statement reconciliation (issue 17): see services/reconciliation.ts.
import { router } from '../init';

export const reconciliationRouter = router({});
