// Makes the extraction's file fixtures (src/services/prealert-mail/extraction/fixtures/files/):
// a store's PDF invoice (pdfkit), a printed receipt rendered in Chromium and then "photographed"
// (turned a few degrees, blurred, grained, shot as JPEG with sharp), and a phone screenshot of an
// order page. Invented stores' and people's data. Run once when they change:
// `npx tsx scripts/extraction-fixture-files.ts` (needs Debian's /usr/bin/chromium); the files
// are committed, each under 300 KB, with their .expected.json written by hand.
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { FIXTURES_DIR } from '../src/services/prealert-mail/extraction/fixture-scores';

const OUT = path.join(FIXTURES_DIR, 'files');

const RECEIPT = `<!doctype html><html><body style="margin:0;background:#fff">
<div style="width:340px;padding:18px 20px;font:15px/1.45 'DejaVu Sans Mono',monospace;color:#222">
<div style="text-align:center;font-weight:bold;font-size:19px">ELECTRO DORAL</div>
<div style="text-align:center">8250 NW 36th St, Doral, FL 33166</div>
<div style="text-align:center">Tel. (305) 555-0188</div><br>
<div>INVOICE #: ED-104552</div><div>Date: 12/03/2026 14:32</div><br>
${[
  ['2 x HDMI Cable 6ft', '$15.98'],
  ['USB Wall Charger 20W', '$12.99'],
  ['Bluetooth Speaker Mini', '$24.50'],
]
  .map(([d, p]) => `<div style="display:flex;justify-content:space-between"><span>${d}</span><span>${p}</span></div>`)
  .join('')}<br>
<div style="display:flex;justify-content:space-between"><span>SUBTOTAL</span><span>$53.47</span></div>
<div style="display:flex;justify-content:space-between"><span>SALES TAX 7%</span><span>$3.74</span></div>
<div style="display:flex;justify-content:space-between;font-weight:bold"><span>TOTAL</span><span>$57.21</span></div><br>
<div style="display:flex;justify-content:space-between"><span>VISA **** 4821</span><span>$57.21</span></div><br>
<div style="text-align:center">THANK YOU FOR SHOPPING!</div></div></body></html>`;

const ORDER_PAGE = `<!doctype html><html><body style="margin:0;font:16px/1.4 'DejaVu Sans',sans-serif;color:#0f1111;background:#fff">
<div style="background:#232f3e;color:#fff;padding:12px 16px;font-size:18px">amazon.com</div>
<div style="padding:14px 16px">
<div style="font-size:22px;font-weight:bold;margin-bottom:8px">Detalles del pedido</div>
<div>Pedido n.º 113-7654321-2468013</div><div style="color:#565959">Fecha del pedido: 2 dic 2026</div>
<div style="margin:14px 0 4px;font-size:19px;font-weight:bold;color:#067d62">Enviado</div>
<div>Número de rastreo: TBA318765432109</div>
<div style="border-top:1px solid #ddd;margin-top:12px;padding-top:12px">Soporte para celular de auto</div>
<div>Cantidad: 1</div><div style="font-weight:bold">US$12.99</div>
<div style="border-top:1px solid #ddd;margin-top:12px;padding-top:12px">Cable Lightning a USB-C 1 m</div>
<div>Cantidad: 2</div><div style="font-weight:bold">US$9.49</div>
<div style="border-top:1px solid #ddd;margin-top:12px;padding-top:12px">Subtotal de artículos: US$31.97</div>
<div>Envío: US$0.00</div><div>Impuesto estimado: US$2.24</div>
<div style="font-weight:bold;font-size:18px">Total del pedido: US$34.21</div></div></body></html>`;

// A Spanish invoice from a shop that ships the parcel itself, photographed in dimmer light.
const FACTURA = `<!doctype html><html><body style="margin:0;background:#fff">
<div style="width:360px;padding:18px 20px;font:15px/1.5 'DejaVu Sans',sans-serif;color:#222">
<div style="text-align:center;font-weight:bold;font-size:18px">DISTRIBUIDORA SOL DE MIAMI</div>
<div style="text-align:center">7300 NW 41st St, Miami, FL 33166</div><br>
<div>Factura N.º F-2291</div><div>Fecha: 04/12/2026</div><br>
${[
  ['2 x Licuadora Oster 600W', 'US$ 79,98'],
  ['1 x Plancha de vapor', 'US$ 24,90'],
]
  .map(([d, p]) => `<div style="display:flex;justify-content:space-between"><span>${d}</span><span>${p}</span></div>`)
  .join('')}<br>
<div style="display:flex;justify-content:space-between"><span>Subtotal</span><span>US$ 104,88</span></div>
<div style="display:flex;justify-content:space-between;font-weight:bold"><span>Total a pagar</span><span>US$ 104,88</span></div><br>
<div>Enviado por UPS</div><div>Número de rastreo: 1Z7W48E90312345672</div><br>
<div style="text-align:center">¡Gracias por su compra!</div></div></body></html>`;

async function screenshots() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // A phone's screenshot: 390 CSS pixels wide at 2x.
    const phone = await browser.newPage({ viewport: { width: 390, height: 700 }, deviceScaleFactor: 2 });
    await phone.setContent(ORDER_PAGE);
    const screenshot = await phone.screenshot({ fullPage: true });
    await sharp(screenshot).png({ palette: true, colours: 64 }).toFile(path.join(OUT, 'order-page-screenshot.png'));
    const paper = await browser.newPage({ viewport: { width: 400, height: 600 }, deviceScaleFactor: 3 });
    await paper.setContent(RECEIPT);
    const receipt = await paper.screenshot({ fullPage: true });
    await paper.setContent(FACTURA);
    return { receipt, factura: await paper.screenshot({ fullPage: true }) };
  } finally {
    await browser.close();
  }
}

/** A paper on a table, shot by a phone: turned a few degrees, a little blurred, grained, dimmer, JPEG. */
async function photograph(
  paper: Buffer,
  file: string,
  { degrees = 3, width = 1100, blur = 0.9, brightness = 0.92 } = {},
) {
  const turned = await sharp(paper)
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#8a7a66' })
    .rotate(degrees, { background: '#8a7a66' })
    .resize({ width })
    .blur(blur)
    .modulate({ brightness })
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = turned.info;
  let seed = 7;
  const noise = Buffer.alloc(w * h);
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 128 + ((seed >> 16) % 41) - 20;
  }
  const grain = await sharp(noise, { raw: { width: w, height: h, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  await sharp(turned.data)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 72 })
    .toFile(path.join(OUT, file));
}

function invoicePdf(): Promise<void> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: 'Best Buy invoice' } });
  const out = fs.createWriteStream(path.join(OUT, 'bestbuy-invoice.pdf'));
  doc.pipe(out);
  doc.font('Helvetica-Bold').fontSize(20).text('BEST BUY', 50, 50);
  doc.font('Helvetica').fontSize(11).text('Invoice', 50, 78);
  doc.text('Order Number: BBY01-806987654321', 50, 110).text('Order Date: 12/01/2026', 50, 126);
  doc.text('Sold to: Casillero Miami, 8400 NW 25th St, Doral, FL 33198', 50, 142);
  doc.font('Helvetica-Bold').text('Item', 50, 180).text('Qty', 380, 180).text('Price', 460, 180);
  doc.font('Helvetica');
  const rows: [string, string, string][] = [
    ['JBL Flip 6 Portable Bluetooth Speaker', '1', '$99.99'],
    ['Insignia HDMI Cable 8ft', '2', '$14.99'],
  ];
  for (const [i, [d, q, p]] of rows.entries()) {
    doc
      .text(d, 50, 200 + i * 18)
      .text(q, 380, 200 + i * 18)
      .text(p, 460, 200 + i * 18);
  }
  doc.text('Subtotal', 380, 250).text('$129.97', 460, 250);
  doc.text('Sales Tax', 380, 266).text('$9.10', 460, 266);
  doc.font('Helvetica-Bold').text('Total', 380, 282).text('$139.07', 460, 282);
  doc.end();
  return new Promise((resolve) => out.on('finish', () => resolve()));
}

fs.mkdirSync(OUT, { recursive: true });
await invoicePdf();
const { receipt, factura } = await screenshots();
await photograph(receipt, 'receipt-photo.jpg');
await photograph(factura, 'factura-foto-tenue.jpg', { degrees: -4, width: 900, blur: 1.2, brightness: 0.75 });
for (const f of fs.readdirSync(OUT).filter((f) => !f.endsWith('.json')))
  console.log(`${f}: ${Math.round(fs.statSync(path.join(OUT, f)).size / 1024)} KB`);
