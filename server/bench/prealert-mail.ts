// Pre-alerts from e-mail at scale (docs/product/prealerts-from-email.md#recepción), part of
// `npm run bench`: 1,000 forwarded store e-mails in a burst (50 customers, 20 each, from their
// own registered addresses), each authenticated (DKIM, SPF, DMARC against an in-memory DNS),
// parsed, read and turned into a draft by one server; target 20 e-mails per second or more, with
// the heap measured along the way (bounded: the burst holds one message per worker at a time).
// `npm run bench -w server -- --solo-correo` measures only this, on the embedded database.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf, type Database } from '../src/db/client';
import { diskFileStore } from '../src/files/file-store';
import { inboundMailAddresses, mailSenders } from '../src/db/schema';
import { inboundAddress } from '../src/services/prealert-mail/address';
import { authenticateMail } from '../src/services/prealert-mail/authenticate';
import { receiveInboundMail } from '../src/services/prealert-mail/pipeline';

const CUSTOMERS = 50;
const PER_CUSTOMER = 20;
const WORKERS = 20;
const TARGET_PER_S = 20;
const HEAP_LIMIT_MB = 512;
const DOMAIN = 'entrada.bench.test';
const PROVIDER = 'correo.bench.test';

export async function measurePrealertMailBurst(database: Database, storageDir: string) {
  console.log(`\nPrealertas desde el correo: ráfaga de ${CUSTOMERS * PER_CUSTOMER} correos reenviados`);
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const txt: Record<string, string> = {
    [PROVIDER]: 'v=spf1 ip4:127.0.0.1 -all',
    [`sel._domainkey.${PROVIDER}`]: `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
    [`_dmarc.${PROVIDER}`]: 'v=DMARC1; p=reject',
  };
  const resolver = async (name: string, type: string) => {
    const record = txt[name.toLowerCase().replace(/\.$/, '')];
    if (type === 'TXT' && record) return [[record]];
    throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  };

  const tag = randomUUID().slice(0, 6);
  const customers: { address: string; sender: string }[] = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    const [user] = rowsOf<{ id: string }>(
      await database.db.execute(sql`insert into users (email, password_hash, role)
        values (${`correo.${tag}.${c}@bench.test`}, 'x', 'user') returning id`),
    );
    const token = `bench${tag}${String(c).padStart(3, '0')}`.toLowerCase();
    await database.db.insert(inboundMailAddresses).values({ userId: user.id, token });
    const sender = `cliente${c}.${tag}@${PROVIDER}`;
    await database.db.insert(mailSenders).values({ userId: user.id, email: sender });
    customers.push({ address: inboundAddress(token, DOMAIN), sender });
  }

  // The messages as the customers' provider sends them, signed before the clock starts.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    dkim: { domainName: PROVIDER, keySelector: 'sel', privateKey },
  });
  const mails: { raw: Buffer; to: string; from: string }[] = [];
  for (let i = 0; i < CUSTOMERS * PER_CUSTOMER; i++) {
    const who = customers[i % CUSTOMERS];
    const tracking = `1ZB${tag.toUpperCase()}${String(i).padStart(9, '0')}`.slice(0, 18).padEnd(18, '0');
    const info = await transport.sendMail({
      from: who.sender,
      to: who.address,
      subject: 'Fwd: Tu paquete de Amazon ha sido enviado',
      text: `---------- Forwarded message ---------\nFrom: Amazon.com <shipment-tracking@amazon.com>\n\nSeguimiento UPS: ${tracking}\n`,
      html: `<p>Seguimiento: <a href="https://track.example/${tracking}">${tracking}</a></p>`,
    });
    mails.push({ raw: info.message as Buffer, to: who.address, from: who.sender });
  }

  const deps = { db: database.db, fileStore: diskFileStore(storageDir), appUrl: 'http://localhost', domain: DOMAIN };
  const outcomes = new Map<string, number>();
  let peakHeap = 0;
  const baseHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - baseHeap);
  }, 50);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (next < mails.length) {
        const mail = mails[next++];
        const envelope = { mailFrom: mail.from, rcptTo: [mail.to], clientIp: '127.0.0.1', helo: PROVIDER };
        const auth = await authenticateMail(mail.raw, envelope, { resolver });
        const result = await receiveInboundMail(deps, { raw: mail.raw, envelope, auth, via: 'smtp' });
        outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const perSecond = Math.round(mails.length / seconds);
  const drafts = outcomes.get('draft_created') ?? 0;
  const heapMb = Math.round(peakHeap / 1024 / 1024);
  console.log(
    `  ${mails.length} correos en ${seconds.toFixed(1)} s: ${perSecond} por segundo (objetivo ≥ ${TARGET_PER_S}); ` +
      `${drafts} borradores; resultados ${JSON.stringify(Object.fromEntries(outcomes))}; ` +
      `memoria: pico de ${heapMb} MB sobre la inicial (límite ${HEAP_LIMIT_MB} MB)`,
  );
  if (perSecond < TARGET_PER_S) console.log('  ⚠ por debajo del objetivo');
  if (drafts !== mails.length) console.log('  ⚠ no todos los correos dieron un borrador');
  if (heapMb > HEAP_LIMIT_MB) console.log('  ⚠ la memoria superó el límite');
  return perSecond;
}
