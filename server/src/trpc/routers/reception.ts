import { router } from '../init';

export const receptionRouter = router({});
