// Settings read by loadConfig (env.ts): INBOUND_MAIL_DNS_FIXTURE, the inbound mail's test-only DNS
// (docs/product/prealerts-from-email.md#authentication), is refused in production and used elsewhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_ERROR_PREFIX, ConfigError, SETTING_MESSAGES as M } from './env-messages';
import { loadConfig } from './env';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-dns-'));
const dnsFile = path.join(dir, 'dns.json');
fs.writeFileSync(dnsFile, JSON.stringify({ 'correo.test': 'v=spf1 ip4:127.0.0.1 -all' }));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('INBOUND_MAIL_DNS_FIXTURE', () => {
  it('is refused with NODE_ENV=production, with one line naming it', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', INBOUND_MAIL_DNS_FIXTURE: dnsFile });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`${CONFIG_ERROR_PREFIX} ${M.INBOUND_MAIL_DNS_FIXTURE}`);
  });

  it('answers the TXT lookups from its file in development and tests, and nothing else', async () => {
    for (const NODE_ENV of ['development', 'test']) {
      const resolver = loadConfig({ NODE_ENV, INBOUND_MAIL_DNS_FIXTURE: dnsFile }).inboundMail.resolver!;
      expect(await resolver('correo.test', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
      await expect(resolver('otro.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    }
  });

  it('unset or empty in production: the real DNS', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).inboundMail.resolver).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', INBOUND_MAIL_DNS_FIXTURE: '' }).inboundMail.resolver).toBeUndefined();
  });
});
