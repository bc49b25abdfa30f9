// The pages left open: each signed-in customer's live-update stream (server-sent events, as the
// app's EventSource opens it), a socket of its own, with the topics it receives and when.
import http from 'node:http';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import { proxyHeaders } from './servers';

export type OpenStream = {
  /** Resolves once the server said `connected` (the LISTEN is in place). */
  connected: Promise<void>;
  /** Calls back with each topic as it arrives. */
  onTopic: (listener: (topic: string, at: number) => void) => void;
  errors: () => number;
  close: () => void;
};

export function openStream(baseUrl: string, sessionToken: string, ip: string): OpenStream {
  const listeners: ((topic: string, at: number) => void)[] = [];
  let errors = 0;
  let resolveConnected!: () => void;
  const connected = new Promise<void>((resolve) => (resolveConnected = resolve));
  const request = http.get(
    `${baseUrl}/trpc/live.events`,
    {
      agent: false,
      headers: {
        ...proxyHeaders(ip),
        accept: 'text/event-stream',
        cookie: `${SESSION_COOKIE_NAME}=${sessionToken}`,
      },
    },
    (res) => {
      if (res.statusCode !== 200) {
        errors++;
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          for (const line of message.split('\n')) {
            if (!line.startsWith('data:')) continue;
            try {
              const topic = (JSON.parse(line.slice(5)) as { topic?: string }).topic;
              if (topic === 'connected') resolveConnected();
              else if (topic) for (const l of listeners) l(topic, performance.now());
            } catch {
              // tRPC's own messages (its reconnect settings) are not topics.
            }
          }
        }
      });
      res.on('error', () => errors++);
    },
  );
  request.on('error', () => errors++);
  return {
    connected,
    onTopic: (listener) => listeners.push(listener),
    errors: () => errors,
    close: () => request.destroy(),
  };
}
