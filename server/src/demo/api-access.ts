// The public API (docs/product/public-api.md) in the demo: the ally's key, created from its portal
// (Claves de API), answers for its own customers; Luis created a read key and a webhook
// subscription in Configuración for his shop's system, then paused it (nothing is sent). The
// receiver's address passes the SSRF check as the app runs it; the demo resolves its name to the
// public address it has instead of asking a DNS server, so the seed needs no network.
import { apiKeyCreateInput, webhookCreateInput } from '@casillero/shared';
import { createApiKey } from '../services/api-keys';
import { createWebhook, setWebhookActive } from '../services/webhooks';
import type { Lookup } from '../env';
import { asStaff, endStaffWork, type DemoCast, type DemoContext } from './context';

export const DEMO_WEBHOOK_URL = 'https://example.com/casillero/webhooks';
/** example.com's public address (IANA's reserved example domain). */
const exampleLookup: Lookup = async () => [{ address: '93.184.215.14', family: 4 }];

export async function createApiAccess(ctx: DemoContext, cast: DemoCast, allyLoginId: string): Promise<void> {
  const ally = { id: allyLoginId, role: 'aliado' as const };
  await asStaff(ctx, ally, 'allyPortal.createApiKey', () =>
    createApiKey(
      ctx.db,
      ally,
      apiKeyCreateInput.parse({ name: 'Sistema de Encomiendas Los Andes', scope: 'read_write' }),
    ),
  );
  await endStaffWork(ctx);

  const luis = { id: cast.customers.luis.id, role: 'user' as const };
  await createApiKey(ctx.db, luis, apiKeyCreateInput.parse({ name: 'Inventario de mi tienda', scope: 'read' }));
  const { id } = await createWebhook(
    ctx.db,
    luis,
    webhookCreateInput.parse({ url: DEMO_WEBHOOK_URL, events: ['package.received', 'shipment.status_changed'] }),
    exampleLookup,
  );
  await setWebhookActive(ctx.db, luis.id, id, false);
}
