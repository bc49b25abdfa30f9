import { router } from '../init';

// Procedures arrive with their issue; the router exists so the API shape is fixed now.
export const shipmentsRouter = router({});
