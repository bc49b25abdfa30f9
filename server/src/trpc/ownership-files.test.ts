// B's stored files (docs/product/security.md#only-your-own, downloads): A gets no link to any of them,
// and the route opens a file only through a link signed for it.

import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import { TEST_APP_URL, trpcError } from '../test/caller';
import { useOwnership, server, admin, ana, beto, fixture, as } from '../test/ownership';

useOwnership();

describe("B's stored files (docs/product/security.md#only-your-own, downloads)", () => {
  const get = (url: string, token?: string | null) =>
    server.app.inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE_NAME]: token } : {} });

  it('A gets no link to any of B’s files; B and an admin do', async () => {
    for (const id of [fixture.b.receiptFileId, fixture.b.invoiceFileId]) {
      expect((await trpcError(as(ana).files.link({ id }))).code).toBe('NOT_FOUND');
      expect((await as(beto).files.link({ id })).url).toMatch(new RegExp(`^/files/${id}\\?exp=\\d+&sig=[\\w-]+$`));
      expect((await get((await as(admin).files.link({ id })).url)).statusCode).toBe(200);
    }
  });

  it('the route opens a file only through a link signed for it: the session neither grants nor replaces it', async () => {
    const { url } = await as(beto).files.link({ id: fixture.b.receiptFileId });
    // The signed link is the permission (docs/decisions/009-file-store.md: an <img> loads it
    // without cookies), valid one hour, and only the owner or an admin can get one. The same
    // file (B's receipt, a PNG as the upload route keeps it) whoever sends the link.
    const bodies: Buffer[] = [];
    for (const token of [null, ana.visitor.token, beto.visitor.token]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, /);
      expect(res.headers['content-type']).toBe('image/png');
      bodies.push(res.rawPayload);
    }
    expect(bodies.every((body) => body.equals(bodies[0]!) && body.subarray(1, 4).toString() === 'PNG')).toBe(true);

    // Without a signature for B's file, A's session opens nothing: not the bare path, not A's
    // own link's signature moved onto B's id, not the link of B's other file.
    const own = new URL((await as(ana).files.link({ id: fixture.a.receiptFileId })).url, TEST_APP_URL);
    const invoice = new URL((await as(beto).files.link({ id: fixture.b.invoiceFileId })).url, TEST_APP_URL);
    for (const bad of [
      `/files/${fixture.b.receiptFileId}`,
      `/files/${fixture.b.receiptFileId}${own.search}`,
      `/files/${fixture.b.receiptFileId}${invoice.search}`,
    ]) {
      for (const token of [null, ana.visitor.token]) {
        expect((await get(bad, token)).statusCode, `${bad} ${token ? 'as A' : 'anonymous'}`).toBe(403);
      }
    }
    // A's own link still works, so the refusals above are about B's file.
    expect((await get(`${own.pathname}${own.search}`, ana.visitor.token)).statusCode).toBe(200);
  });
});
