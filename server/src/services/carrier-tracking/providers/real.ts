// The provider the settings choose (docs/product/first-mile-providers.md#configuration): one of
// the real adapters, or null for 'fake', which the caller plays from recorded sequences instead.
import type { Config } from '../../../env';
import { karrioProvider } from './karrio';
import type { TrackingProvider } from './provider';
import { seventeenTrackProvider } from './seventeen-track';

export function realTrackingProvider(config: Pick<Config, 'tracking'>): TrackingProvider | null {
  const settings = config.tracking;
  switch (settings.provider) {
    case '17track':
      return seventeenTrackProvider({ apiKey: settings.apiKey });
    case 'karrio':
      return karrioProvider({ url: settings.url, apiKey: settings.apiKey, webhookSecret: settings.webhookSecret });
    case 'fake':
      return null;
  }
}
