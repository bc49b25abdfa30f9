import { router } from '../init';

export const publicTrackingRouter = router({});
