import { router } from '../init';

export const parcelImportsRouter = router({});
