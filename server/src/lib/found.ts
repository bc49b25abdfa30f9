import { DomainError } from './domain-error';

/**
 * The row a procedure looked up, or NOT_FOUND with the domain's Spanish message (another
 * customer's row is not found either: the ownership filter lives in the query).
 */
export function foundOr<T>(row: T | null | undefined, message: string): T {
  if (!row) throw new DomainError('NOT_FOUND', message);
  return row;
}
