// The provider numbers are followed through, by name (TRACKING_PROVIDER; the fake when unset),
// without building the provider: saving a pre-alert only records which one will be asked.
import { TRACKING_PROVIDERS, type TrackingProviderName } from '@casillero/shared';

export function configuredProviderName(env: NodeJS.ProcessEnv = process.env): TrackingProviderName {
  const name = env.TRACKING_PROVIDER || 'fake';
  return (TRACKING_PROVIDERS as readonly string[]).includes(name) ? (name as TrackingProviderName) : 'fake';
}
