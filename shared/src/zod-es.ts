// Validation messages in Spanish everywhere (DECISIONS 7): zod's own Spanish locale, set
// once on import of the shared package, so client and server speak the same language.
// This module is the package's one side effect (package.json "sideEffects"): without that
// mark, a bundler sees the re-export below, resolves `z` straight to 'zod' and drops the
// locale from the client.
import { config, locales, z } from 'zod';

config(locales.es());

export { z };
