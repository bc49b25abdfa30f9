// Bank statement reconciliation (docs/decisions/021-billing-in-bolivares.md): the statements uploaded, and each line's match with
// the payments customers reported in bolívares, computed on read (nothing about a match is kept
// until it is approved: a payment reported or processed after the upload counts at once). A line
// whose reference an approved payment already carries is shown with that payment, never as money
// nobody reported (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once).
import { desc, eq, sql } from 'drizzle-orm';
import { RECONCILIATION_TOLERANCE_CENTIMOS, type ReconciliationState } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { bankStatementLines, bankStatements, referenceKeySql, userProfiles, users } from '../db/schema';

/** A suffix match (a bank or a customer that writes only the last digits) needs this many characters. */
export const SUFFIX_MIN_LENGTH = 6;

/** The payment a line matches (or approved), and whose it is. */
export type LineCandidate = {
  paymentId: string;
  userId: string;
  customerName: string | null;
  customerEmail: string;
  /** What the customer reported paying (and, once approved, was credited for), in Bs. céntimos. */
  reportedVesCentimos: number;
  reference: string | null;
  /** When the payment was approved; null while it is a pending report. */
  approvedAt: string | null;
};

export type ReconciliationLine = {
  id: string;
  lineNumber: number;
  movementDate: string;
  reference: string;
  description: string;
  vesCentimos: number;
  approvedAt: string | null;
  state: ReconciliationState;
  /**
   * The payment matched or approved; for 'reconciled', the approved payment that already carries
   * the line's reference; for 'amount_differs', the one (pending, or approved already) whose
   * amount is off.
   */
  candidate: LineCandidate | null;
  /** For 'ambiguous': every reported payment the line fits, for the cashier to choose from. */
  candidates: LineCandidate[];
};

/** A pending report a line may stand for, with whose it is and whether its amount agrees. */
type CandidateRow = {
  paymentId: string;
  userId: string;
  cents: number | string;
  reference: string | null;
  name: string | null;
  email: string;
  fits: boolean;
  approvedAt: string | null;
};

type Row = {
  id: string;
  lineNumber: number;
  movementDate: string;
  reference: string;
  description: string;
  vesCentimos: number | string;
  approvedAt: Date | string | null;
  /** The payment the line approved, when it did. */
  approved: CandidateRow | null;
  /** Otherwise the approved payment that already carries its reference, when one does. */
  counted: CandidateRow | null;
  /** Otherwise its candidates, those whose amount agrees first, then oldest report first. */
  candidates: CandidateRow[] | null;
};

const toCandidate = (c: CandidateRow): LineCandidate => ({
  paymentId: c.paymentId,
  userId: c.userId,
  customerName: c.name,
  customerEmail: c.email,
  reportedVesCentimos: Number(c.cents),
  reference: c.reference,
  approvedAt: c.approvedAt ? new Date(c.approvedAt).toISOString() : null,
});

/**
 * The payments `m` (a set with a `key` column) that a line `l` may stand for: those with the same
 * reference key, or else the one (exactly one) whose key ends the line's or is ended by it, the
 * shorter having at least SUFFIX_MIN_LENGTH characters (a bank or a customer that writes only the
 * last digits).
 */
const sameReference = (set: ReturnType<typeof sql.raw>) => sql`
    select r.id, r.user_id, r.payment_reference, r.reported_at, r.processed_at, r.cents
    from ${set} r where r.key = l.reference_key
    union all
    select s.id, s.user_id, s.payment_reference, s.reported_at, s.processed_at, s.cents from (
      select r.*, count(*) over () as n from ${set} r
      where r.key <> l.reference_key
        and least(length(r.key), length(l.reference_key)) >= ${SUFFIX_MIN_LENGTH}
        and (right(l.reference_key, length(r.key)) = r.key or right(r.key, length(l.reference_key)) = l.reference_key)
    ) s
    where s.n = 1 and not exists (select 1 from ${set} e where e.key = l.reference_key)`;

/**
 * Every line of a statement, by line number, with its state:
 * - 'approved': the line approved a payment (payment_id), shown with it;
 * - otherwise, when an approved payment in Bs. already carries the line's reference (the same
 *   reference key, or the one approved payment whose key ends the line's or is ended by it): that
 *   money is counted. 'reconciled' when the amounts agree within the tolerance, 'amount_differs'
 *   when they do not; either way shown with that payment, and never approved or assigned again;
 * - otherwise its candidate: the pending payments reported in Bs. whose reference key equals the
 *   line's, or, when none does, the one payment (exactly one) whose key ends the line's or is
 *   ended by it, the shorter having at least SUFFIX_MIN_LENGTH characters;
 * - 'matched': the candidate's amount is within RECONCILIATION_TOLERANCE_CENTIMOS of the line's,
 *   and no earlier line of the statement matched the same payment;
 * - 'ambiguous': two or more candidates whose amounts agree (a reference and an amount that fit
 *   several customers' reports): the cashier chooses one, never the bulk approval;
 * - 'amount_differs': a candidate whose amount is off (both amounts are shown);
 * - 'not_found': no candidate (or only one that an earlier line matched).
 */
export async function listStatementLines(db: DbOrTx, statementId: string): Promise<ReconciliationLine[]> {
  const tolerance = RECONCILIATION_TOLERANCE_CENTIMOS;
  const candidate = (m: string, user: string, profile: string) =>
    sql.raw(
      `jsonb_build_object('paymentId', ${m}.id, 'userId', ${m}.user_id, 'cents', ${m}.cents, 'reference', ${m}.payment_reference,
      'name', ${profile}.full_name, 'email', ${user}.email, 'approvedAt', ${m}.processed_at, 'fits', abs(${m}.cents - l.ves_centimos) <= ${tolerance})`,
    );
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with reported as (
        select p.id, p.user_id, p.payment_reference, p.reported_at, p.processed_at,
          p.amount_ves_cents as cents,
          ${referenceKeySql(sql`p.payment_reference`)} as key
        from payment_transactions p
        where p.status = 'pending' and p.reported_at is not null and p.currency = 'VES'
          and p.payment_reference is not null and p.amount_ves_cents is not null
      ),
      -- The approved payments in Bs. whose reference could be one of this statement's: an equal
      -- key or a suffix of SUFFIX_MIN_LENGTH characters or more shares the key's last characters.
      counted as (
        select p.* from (
          select p.id, p.user_id, p.payment_reference, p.reported_at,
            coalesce(p.processed_at, p.created_at) as processed_at,
            coalesce(p.amount_ves_cents, 0) as cents,
            ${referenceKeySql(sql`p.payment_reference`)} as key
          from payment_transactions p
          where p.status = 'completed' and p.currency = 'VES' and p.payment_reference is not null
        ) p
        where p.key <> '' and right(p.key, ${SUFFIX_MIN_LENGTH}) in (
          select right(sl.reference_key, ${SUFFIX_MIN_LENGTH}) from bank_statement_lines sl
          where sl.statement_id = ${statementId} and sl.payment_id is null)
      )
      select l.id, l.line_number as "lineNumber", l.movement_date::text as "movementDate", l.reference, l.description,
        l.ves_centimos as "vesCentimos", l.approved_at as "approvedAt",
        case when ap.id is not null then jsonb_build_object(
          'paymentId', ap.id, 'userId', ap.user_id, 'cents', ap.amount_ves_cents,
          'reference', ap.payment_reference, 'name', up.full_name, 'email', u.email,
          'approvedAt', ap.processed_at, 'fits', true) end as "approved",
        k.payment as "counted",
        c.list as "candidates"
      from bank_statement_lines l
      left join lateral (
        -- The first approved, should older data hold the reference twice.
        select ${candidate('m', 'ku', 'kp')} as payment
        from (${sameReference(sql.raw('counted'))}) m
        join users ku on ku.id = m.user_id
        left join user_profiles kp on kp.user_id = m.user_id
        where l.payment_id is null
        order by m.processed_at, m.id
        limit 1
      ) k on true
      left join lateral (
        select jsonb_agg(${candidate('m', 'fu', 'fp')}
          order by (abs(m.cents - l.ves_centimos) <= ${tolerance}) desc, m.reported_at, m.id) as list
        from (${sameReference(sql.raw('reported'))}) m
        join users fu on fu.id = m.user_id
        left join user_profiles fp on fp.user_id = m.user_id
        where l.payment_id is null
      ) c on true
      left join payment_transactions ap on ap.id = l.payment_id
      left join users u on u.id = ap.user_id
      left join user_profiles up on up.user_id = u.id
      where l.statement_id = ${statementId}
      order by l.line_number, l.id
    `),
  );

  const lines: ReconciliationLine[] = rows.map((r) => {
    const base = {
      id: r.id,
      lineNumber: Number(r.lineNumber),
      movementDate: r.movementDate,
      reference: r.reference,
      description: r.description,
      vesCentimos: Number(r.vesCentimos),
      approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
      candidates: [] as LineCandidate[],
    };
    if (r.approved) return { ...base, state: 'approved' as const, candidate: toCandidate(r.approved) };
    // Money already counted: shown with the payment it belongs to, whatever was reported since.
    if (r.counted)
      return {
        ...base,
        state: r.counted.fits ? ('reconciled' as const) : ('amount_differs' as const),
        candidate: toCandidate(r.counted),
      };
    const fitting = (r.candidates ?? []).filter((c) => c.fits);
    const best = r.candidates?.[0] ?? null;
    // A line that fits two or more reports is ambiguous: never approved in bulk, the cashier chooses.
    const isAmbiguous = fitting.length >= 2;
    return {
      ...base,
      state: isAmbiguous ? ('ambiguous' as const) : best ? ('amount_differs' as const) : ('not_found' as const),
      candidate: best && !isAmbiguous ? toCandidate(best) : null,
      candidates: isAmbiguous ? fitting.map(toCandidate) : [],
    };
  });

  // A pending payment is matched by one line only: the first by line number whose amount agrees.
  const pendingCandidate = (line: ReconciliationLine) =>
    line.state === 'amount_differs' && line.candidate && line.candidate.approvedAt === null ? line.candidate : null;
  const claimed = new Set<string>();
  for (const line of lines) {
    const c = pendingCandidate(line);
    if (!c || Math.abs(c.reportedVesCentimos - line.vesCentimos) > tolerance || claimed.has(c.paymentId)) continue;
    line.state = 'matched';
    claimed.add(c.paymentId);
  }
  // A later line that found the same payment has none left.
  for (const line of lines) {
    const c = pendingCandidate(line);
    if (c && claimed.has(c.paymentId)) {
      line.state = 'not_found';
      line.candidate = null;
    }
  }
  return lines;
}

const statementColumns = {
  id: bankStatements.id,
  fileName: bankStatements.fileName,
  lineCount: bankStatements.lineCount,
  newLineCount: bankStatements.newLineCount,
  createdAt: bankStatements.createdAt,
  uploadedByName: sql<string | null>`coalesce(${userProfiles.fullName}, ${users.email})`,
  /** Its lines that approved a payment. */
  approvedCount:
    sql<number>`(select count(*) from ${bankStatementLines} bl where bl.statement_id = ${bankStatements.id} and bl.payment_id is not null)::int`.mapWith(
      Number,
    ),
};

function selectStatements(db: DbOrTx) {
  return db
    .select(statementColumns)
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.uploadedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, bankStatements.uploadedBy));
}

/** The statements uploaded, newest first. */
export function listStatements(db: DbOrTx, limit = 20) {
  return selectStatements(db).orderBy(desc(bankStatements.createdAt), desc(bankStatements.id)).limit(limit);
}
export type StatementSummary = Awaited<ReturnType<typeof listStatements>>[number];

/** One statement with its lines and their states; null when there is no such statement. */
export async function findStatementWithLines(db: DbOrTx, statementId: string) {
  const [statement] = await selectStatements(db).where(eq(bankStatements.id, statementId));
  if (!statement) return null;
  const lines = await listStatementLines(db, statementId);
  return { statement, lines, matchedCount: lines.filter((l) => l.state === 'matched').length };
}
