/** A tiny HTTP server whose answers a test scripts, recording every form it receives. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: Record<string, string>;
}

export interface ScriptedAnswer {
  status: number;
  body?: string | object;
  headers?: Record<string, string>;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(answer: (req: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      requests.push(recorded);
      const a = await answer(recorded);
      const isText = typeof a.body === 'string';
      res.writeHead(a.status, { 'content-type': isText ? 'text/plain' : 'application/json', ...a.headers });
      res.end(a.body === undefined ? '' : isText ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}
