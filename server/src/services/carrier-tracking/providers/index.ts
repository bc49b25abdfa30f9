// Which tracking provider the server follows numbers through (docs/product/first-mile.md#providers):
// TRACKING_PROVIDER (read and checked in env.ts) names it; unset, the fake that plays recorded
// sequences, so a server without a provider's account still shows the first mile (and spends nothing).
import type { Config } from '../../../env';
import type { TrackingProvider } from './provider';
import { FakeTrackingProvider } from './fake';
import { realTrackingProvider } from './real';

/** The fake's webhook secret when none is set: a fake signs nothing that matters. */
const FAKE_DEFAULT_SECRET = 'fake-tracking-provider';

export function trackingProviderFor(config: Pick<Config, 'tracking'>): TrackingProvider {
  const settings = config.tracking;
  return settings.provider === 'fake'
    ? new FakeTrackingProvider({ secret: settings.webhookSecret ?? FAKE_DEFAULT_SECRET })
    : realTrackingProvider(config)!;
}
