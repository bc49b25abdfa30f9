// "Probar" on the reference page (/api/v1/docs): a developer pastes a key once and sends any
// operation from the page with its parameters and body (filled with the document's example),
// seeing the status, the RateLimit fields and the answer. Served from this origin as
// /api/v1/docs/try.js, so the page's Content-Security-Policy (scripts from 'self' only) holds. The
// key stays in the page's memory: it is never stored or sent anywhere but to this API.
export const TRY_IT_SCRIPT = `(() => {
  const keyInput = document.getElementById('api-key');
  for (const form of document.querySelectorAll('form[data-try]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const out = form.querySelector('output');
      const data = new FormData(form);
      let path = form.dataset.path;
      const query = new URLSearchParams();
      for (const field of form.querySelectorAll('[data-in]')) {
        const value = String(data.get(field.name) ?? '').trim();
        if (!value) continue;
        if (field.dataset.in === 'path') path = path.replace('{' + field.name + '}', encodeURIComponent(value));
        else if (field.dataset.in === 'query') query.set(field.name, value);
      }
      const headers = {};
      const key = keyInput.value.trim();
      if (key) headers.authorization = 'Bearer ' + key;
      const idem = data.get('Idempotency-Key');
      if (idem) headers['idempotency-key'] = String(idem);
      const body = data.get('body');
      if (body !== null) headers['content-type'] = 'application/json';
      out.textContent = 'Enviando…';
      try {
        const res = await fetch(path + (query.size ? '?' + query : ''), {
          method: form.dataset.method,
          headers,
          body: body === null ? undefined : String(body),
        });
        const type = res.headers.get('content-type') || '';
        const text = type.includes('json') ? JSON.stringify(await res.json(), null, 2) : '(' + type + ', ' + (await res.blob()).size + ' bytes)';
        const shown = ['ratelimit', 'ratelimit-policy', 'retry-after', 'www-authenticate', 'idempotent-replayed']
          .filter((h) => res.headers.has(h))
          .map((h) => h + ': ' + res.headers.get(h));
        out.textContent = [res.status + ' ' + res.statusText, ...shown, '', text].join('\\n');
      } catch (error) {
        out.textContent = 'No se pudo enviar: ' + error.message;
      }
    });
  }
})();
`;
