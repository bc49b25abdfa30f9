// What a run of the simulated day remembers besides the database (docs/product/invariants.md).
/** What the run remembers besides the database: what customers confirmed, and how steps went. */
export type Model = {
  /** Every invoice a customer confirmed a total for: the total they saw and what it was. */
  confirmed: Map<string, { usdCents: number; what: string }>;
  /** A counter for what must be unique within a run (tracking numbers, references). */
  serial: number;
  /** Per command: how many steps acted, were refused, or found nothing to act on (printed after the day). */
  tally: Map<string, Tally>;
  /** The steps of this run that called a procedure, with their outcome, for the failure report. */
  trail: string[];
  /** Steps that found nothing to act on. */
  idle: number;
};

export type Tally = { acted: number; refused: number; idle: number };

export const newModel = (): Model => ({ confirmed: new Map(), serial: 0, tally: new Map(), trail: [], idle: 0 });
