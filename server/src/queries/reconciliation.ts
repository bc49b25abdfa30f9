// Bank statement reconciliation (docs/decisions/021-billing-in-bolivares.md): the statements uploaded, and each line's match with
// the payments customers reported in bolívares, computed on read (nothing about a match is kept
// until it is approved: a payment reported or processed after the upload counts at once).
import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { RECONCILIATION_TOLERANCE_CENTIMOS, type ReconciliationState } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { bankStatementLines, bankStatements, userProfiles, users } from '../db/schema';

/** The SQL twin of referenceKey() (services/reconciliation.ts): letters and digits, upper case, no leading zeros. */
export const referenceKeySql = (reference: SQLWrapper) =>
  sql`ltrim(upper(regexp_replace(${reference}, '[^A-Za-z0-9]', '', 'g')), '0')`;

/** A suffix match (a bank or a customer that writes only the last digits) needs this many characters. */
export const SUFFIX_MIN_LENGTH = 6;

/** The payment a line matches (or approved), and whose it is. */
export type LineCandidate = {
  paymentId: string;
  userId: string;
  customerName: string | null;
  customerEmail: string;
  /** What the customer reported paying, in Bs. céntimos. */
  reportedVesCentimos: number;
  reference: string | null;
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
  /** The payment matched or approved; for 'amount_differs', the one whose amount is off. */
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
});

/**
 * Every line of a statement, by line number, with its state:
 * - 'approved': the line approved a payment (payment_id), shown with it;
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
  // The pending reports a line `l` may stand for: the same reference key, or else the one report
  // whose key ends the line's (or is ended by it).
  const candidatesOfLine = sql`
    select r.id, r.user_id, r.cents, r.payment_reference, r.reported_at
    from reported r where r.key = l.reference_key
    union all
    select s.id, s.user_id, s.cents, s.payment_reference, s.reported_at from (
      select r.*, count(*) over () as n from reported r
      where r.key <> l.reference_key
        and least(length(r.key), length(l.reference_key)) >= ${SUFFIX_MIN_LENGTH}
        and (right(l.reference_key, length(r.key)) = r.key or right(r.key, length(l.reference_key)) = l.reference_key)
    ) s
    where s.n = 1 and not exists (select 1 from reported e where e.key = l.reference_key)`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with reported as (
        select p.id, p.user_id, p.payment_reference, p.reported_at,
          p.amount_ves_cents as cents,
          ${referenceKeySql(sql`p.payment_reference`)} as key
        from payment_transactions p
        where p.status = 'pending' and p.reported_at is not null and p.currency = 'VES'
          and p.payment_reference is not null and p.amount_ves_cents is not null
      )
      select l.id, l.line_number as "lineNumber", l.movement_date::text as "movementDate", l.reference, l.description,
        l.ves_centimos as "vesCentimos", l.approved_at as "approvedAt",
        case when ap.id is not null then jsonb_build_object(
          'paymentId', ap.id, 'userId', ap.user_id, 'cents', ap.amount_ves_cents,
          'reference', ap.payment_reference, 'name', up.full_name, 'email', u.email, 'fits', true) end as "approved",
        c.list as "candidates"
      from bank_statement_lines l
      left join lateral (
        select jsonb_agg(jsonb_build_object(
            'paymentId', m.id, 'userId', m.user_id, 'cents', m.cents, 'reference', m.payment_reference,
            'name', fp.full_name, 'email', fu.email, 'fits', abs(m.cents - l.ves_centimos) <= ${tolerance})
          order by (abs(m.cents - l.ves_centimos) <= ${tolerance}) desc, m.reported_at, m.id) as list
        from (${candidatesOfLine}) m
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
    const fitting = (r.candidates ?? []).filter((c) => c.fits);
    const best = r.candidates?.[0] ?? null;
    // A line that fits two or more reports is ambiguous: never approved in bulk, the cashier chooses.
    const isAmbiguous = !r.approved && fitting.length >= 2;
    return {
      id: r.id,
      lineNumber: Number(r.lineNumber),
      movementDate: r.movementDate,
      reference: r.reference,
      description: r.description,
      vesCentimos: Number(r.vesCentimos),
      approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
      state: r.approved ? 'approved' : isAmbiguous ? 'ambiguous' : best ? 'amount_differs' : 'not_found',
      candidate: r.approved ? toCandidate(r.approved) : best && !isAmbiguous ? toCandidate(best) : null,
      candidates: isAmbiguous ? fitting.map(toCandidate) : [],
    };
  });

  // A payment is matched by one line only: the first by line number whose amount agrees.
  const claimed = new Set<string>();
  for (const line of lines) {
    if (line.state !== 'amount_differs' || !line.candidate) continue;
    if (
      Math.abs(line.candidate.reportedVesCentimos - line.vesCentimos) > tolerance ||
      claimed.has(line.candidate.paymentId)
    )
      continue;
    line.state = 'matched';
    claimed.add(line.candidate.paymentId);
  }
  // A later line that found the same payment has none left.
  for (const line of lines) {
    if (line.state === 'amount_differs' && line.candidate && claimed.has(line.candidate.paymentId)) {
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
