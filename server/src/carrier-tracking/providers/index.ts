// Which tracking provider the server follows numbers through (docs/product/first-mile.md#providers):
// TRACKING_PROVIDER names it; unset, the fake that plays recorded sequences, so a server without
// a provider's account still shows the first mile (and spends nothing). Each adapter adds its case.
import type { TrackingProvider } from './provider';
import { FakeTrackingProvider } from './fake';

export { configuredProviderName } from './name';

/** The fake's webhook secret when none is set: a fake signs nothing that matters. */
const FAKE_DEFAULT_SECRET = 'fake-tracking-provider';

export function trackingProviderFromEnv(env: NodeJS.ProcessEnv = process.env): TrackingProvider {
  switch (env.TRACKING_PROVIDER || 'fake') {
    case 'fake':
      return new FakeTrackingProvider({ secret: env.TRACKING_WEBHOOK_SECRET || FAKE_DEFAULT_SECRET });
    default:
      throw new Error(`TRACKING_PROVIDER desconocido: ${env.TRACKING_PROVIDER}`);
  }
}
