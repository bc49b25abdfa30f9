// The tracking settings as env.ts reads them, and the provider they choose.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../env';
import { ConfigError } from '../../../env-messages';
import { realTrackingProvider } from './real';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
const problem = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('tracking settings', () => {
  it('default to the fake provider, which no real adapter plays', () => {
    expect(load({}).tracking).toEqual({ provider: 'fake', webhookSecret: null });
    expect(load({ TRACKING_PROVIDER: '' }).tracking).toEqual({ provider: 'fake', webhookSecret: null });
    expect(realTrackingProvider(load({}))).toBeNull();
  });

  it('choose 17TRACK with its key', () => {
    const config = load({ TRACKING_PROVIDER: '17track', SEVENTEEN_TRACK_API_KEY: 'k17' });
    expect(config.tracking).toEqual({ provider: '17track', apiKey: 'k17' });
    expect(realTrackingProvider(config)).toMatchObject({ name: '17track', maxBatch: 40 });
  });

  it('choose Karrio with its URL (trailing slash dropped), key and webhook secret', () => {
    const config = load({
      TRACKING_PROVIDER: 'karrio',
      KARRIO_URL: 'https://karrio.example.com/',
      KARRIO_API_KEY: 'key_x',
      TRACKING_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.tracking).toEqual({
      provider: 'karrio',
      url: 'https://karrio.example.com',
      apiKey: 'key_x',
      webhookSecret: 'whsec_x',
    });
    expect(realTrackingProvider(config)).toMatchObject({ name: 'karrio', maxBatch: 1 });
  });

  it('refuse, in one Spanish line naming the settings and never their values, what cannot be used', () => {
    expect(problem({ TRACKING_PROVIDER: 'aftership' })).toBe(
      'Configuración inválida: TRACKING_PROVIDER debe ser fake, 17track o karrio',
    );
    expect(problem({ TRACKING_PROVIDER: '17track' })).toBe(
      'Configuración inválida: TRACKING_PROVIDER=17track necesita SEVENTEEN_TRACK_API_KEY',
    );
    expect(problem({ TRACKING_PROVIDER: 'karrio', KARRIO_API_KEY: 'secret-key' })).toBe(
      'Configuración inválida: TRACKING_PROVIDER=karrio necesita KARRIO_URL, TRACKING_WEBHOOK_SECRET',
    );
    expect(problem({ KARRIO_URL: 'ftp://karrio.example.com' })).toBe(
      'Configuración inválida: KARRIO_URL debe ser una URL http(s)',
    );
  });
});
