/**
 * A loopback TCP relay between the core and the bank sandbox that a test can
 * "unplug": while down, every connection is reset, exactly what a cashier's
 * till sees when the shop's internet drops mid-payment.
 */
import { createServer, connect, type Socket, type AddressInfo } from 'node:net';

export interface FaultProxy {
  url: string;
  setDown(down: boolean): void;
  isDown(): boolean;
  close(): Promise<void>;
}

export async function startFaultProxy(target: URL): Promise<FaultProxy> {
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setDown(value) {
      down = value;
      if (down) for (const s of open) s.resetAndDestroy();
    },
    isDown: () => down,
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
