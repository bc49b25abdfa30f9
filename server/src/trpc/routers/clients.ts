import {
  CLIENT_MESSAGES,
  clientFilters,
  clientIdInput,
  clientListInput,
  clientPickerInput,
  clientUpdateInput,
} from '@casillero/shared';
import { countClients, getClientDetail, listClientOptions, listClients } from '../../queries/clients';
import { updateClientProfile } from '../../services/clients';
import { staffProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

/** Gestión de Clientes (docs/product/admin-clients.md): customers, their profiles and mailboxes. */
export const clientsRouter = router({
  list: staffProcedure('clients.read')
    .input(clientListInput)
    .query(({ ctx, input }) => listClients(ctx.db, input)),

  count: staffProcedure('clients.read')
    .input(clientFilters)
    .query(({ ctx, input }) => countClients(ctx.db, input)),

  /** Profile, mailboxes and the counts of packages, trackings, payments, pre-alerts and shipments. */
  detail: staffProcedure('clients.read')
    .input(clientIdInput)
    .query(async ({ ctx, input }) => foundOr(await getClientDetail(ctx.db, input.userId), CLIENT_MESSAGES.notFound)),

  /** The create-mailbox dialog's customer picker. */
  options: staffProcedure('clients.read')
    .input(clientPickerInput)
    .query(({ ctx, input }) => listClientOptions(ctx.db, input)),

  update: staffProcedure('clients.write')
    .input(clientUpdateInput)
    .mutation(({ ctx, input }) => updateClientProfile(ctx.db, input)),
});
