// Validation messages in Spanish everywhere (docs/product/product-decisions.md#d7-messages-in-spanish-everywhere): zod's own Spanish locale, set
// once on import of the shared package, so client and server speak the same language.
// This module is the package's one side effect (package.json "sideEffects"): without that
// mark, a bundler sees the re-export below, resolves `z` straight to 'zod' and drops the
// locale from the client.
import { config, locales, z } from 'zod';

const spanish = locales.es().localeError;

/**
 * zod's Spanish locale, with the two texts it leaves to zod's internals (found by the fuzzing
 * suite, server/src/trpc/fuzz.test.ts): integers are named "int", and ±Infinity (a JSON number
 * such as 1e999) is "número" where a number was expected ("se esperaba número, recibido número").
 */
export const zodSpanishError: typeof spanish = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'int')
    return 'Entrada inválida: se esperaba un número entero';
  if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
    return 'Entrada inválida: se esperaba un número finito';
  }
  if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int')
    return spanish({ ...issue, origin: 'number' });
  return spanish(issue);
};

config({ localeError: zodSpanishError });

export { z };
