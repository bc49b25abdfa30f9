// Validation messages in Spanish everywhere (DECISIONS 7): zod's own Spanish locale, set
// once on import of the shared package, so client and server speak the same language.
import { z } from 'zod';

z.config(z.locales.es());

export { z };
