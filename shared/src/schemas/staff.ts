// Inputs of staff management, invitations and the audit log (docs/product/product-decisions.md#d13-staff-have-roles).
import { z } from '../zod-es';
import { SORT_DIRECTIONS, STAFF_SORTS, STAFF_STATUSES } from '../list-params';
import { STAFF_ROLES } from '../permissions';
import { AUDIT_ENTITY_LABELS, AUDIT_MESSAGES } from '../audit/messages';
import { emailSchema, fullNameSchema, newPasswordSchema } from './auth';
import { AUTH_MESSAGES } from '../messages';
import { isoDay } from './form-fields';
import { listPageParams, optionalSearchText, sortedListParams } from './list';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Elige un rol.' });

/** An agency user ('agencia') is bound to the agency chosen in the invitation (docs/product/last-mile.md). */
export const staffInviteInput = z
  .object({ email: emailSchema, role: staffRoleSchema, agencyId: z.uuid('Elige la agencia.').optional() })
  .refine((v) => v.role !== 'agencia' || !!v.agencyId, {
    message: 'Elige la agencia del usuario.',
    path: ['agencyId'],
  });
export type StaffInviteInput = z.input<typeof staffInviteInput>;

export const staffUserInput = z.object({ userId: z.uuid('Identificador no válido.') });
export const staffRoleInput = staffUserInput.extend({ role: staffRoleSchema });
export const staffInvitationIdInput = z.object({ id: z.string().min(1).max(100) });

export const invitationTokenInput = z.object({ token: z.string().min(1).max(200) });
export const acceptInvitationInput = invitationTokenInput.extend({
  nombre: fullNameSchema,
  password: newPasswordSchema,
});
export const acceptInvitationFormSchema = acceptInvitationInput
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const staffFilters = z.object({
  q: optionalSearchText,
  role: staffRoleSchema.optional().catch(undefined),
  status: z.enum(STAFF_STATUSES).optional().catch(undefined),
});
export type StaffFilters = Partial<z.output<typeof staffFilters>>;
export const staffListInput = staffFilters.extend(sortedListParams(STAFF_SORTS));
export type StaffListParams = Partial<z.output<typeof staffListInput>>;

const day = isoDay().optional().catch(undefined);

/**
 * The audit log's filters: a search (a person, a customer, an entity's number or an action in
 * words), person, action, entity (and one entity's id), and a range of days (inclusive).
 */
export const auditFilters = z
  .object({
    q: optionalSearchText,
    actorId: z.uuid().optional().catch(undefined),
    action: z.string().trim().max(100).optional().catch(undefined),
    entity: z
      .string()
      .refine((e) => e in AUDIT_ENTITY_LABELS)
      .optional()
      .catch(undefined),
    entityId: z.string().trim().max(100).optional().catch(undefined),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_MESSAGES.badRange, path: ['to'] });
export type AuditFilters = Partial<z.output<typeof auditFilters>>;
export const auditListInput = auditFilters.and(
  z.object({
    sort: z.enum(['createdAt']).optional().catch(undefined),
    ...listPageParams,
    dir: z.enum(SORT_DIRECTIONS).optional().catch(undefined),
  }),
);
export type AuditListParams = Partial<z.output<typeof auditListInput>>;

/** An entity's own history (the details drawers of trackings, packages, payments and clients). */
export const auditEntityInput = z.object({
  entity: z.enum(['trackings', 'packages', 'payment_transactions', 'users']),
  entityId: z.string().trim().min(1, 'Identificador no válido.').max(100),
});
