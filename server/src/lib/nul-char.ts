// PostgreSQL cannot store U+0000 in text or jsonb: a NUL in any string of an input reaches SQL
// as an "invalid byte sequence" error, a 500 (found by the fuzzing suite, trpc/fuzz.test.ts).
// No field of the product has a use for it, so inputs that carry one are refused up front.

/**
 * Whether any string of a value (object keys included) contains U+0000. Walks with its own
 * stack, so a deeply nested input cannot overflow the call stack.
 */
export function containsNulChar(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
