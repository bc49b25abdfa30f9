// Small inputs of the customer's area: ids, list filters and settings.
import { z } from '../zod-es';
import { CASILLERO_TYPES, PACKAGE_STATUSES } from '../enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

export const idInput = z.object({ id: z.uuid('Identificador no válido.') });

export const openMailboxInput = z.object({ type: z.enum(CASILLERO_TYPES) });

/** Almacén: search by tracking number, description or sender, and a status filter. */
export const myPackagesInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    status: z.enum(PACKAGE_STATUSES).optional(),
  })
  .default({});

export const myNotificationsInput = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    unreadOnly: z.boolean().default(false),
  })
  .default({ page: 1, pageSize: DEFAULT_PAGE_SIZE, unreadOnly: false });

/** Envíos: the customer's own shipments, newest first, one page at a time. */
export const myShipmentsInput = z
  .object({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .default({ page: 1, pageSize: DEFAULT_PAGE_SIZE });

/** A session is named by its id (the hash of its token), never by the token itself. */
export const sessionIdInput = z.object({ id: z.string().min(1).max(128) });

export const emailPreferencesInput = z.object({ emailNotifications: z.boolean() });
