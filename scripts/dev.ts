/**
 * `npm run dev [-- --port N]`: the renderer rebuilt on every save (vite build
 * --watch) and reloaded where it runs: in Electron when the binary exists,
 * otherwise in the browser harness at http://127.0.0.1:N/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { installedElectronBinary } from './electron-binary.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '5174' } } });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => spawn(cmd, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });

// One full build first, so the app or the harness opens on a complete renderer.
for (const [cmd, args] of [[npx, ['vite', 'build', '--logLevel', 'warn']], [process.execPath, ['scripts/build-electron.mjs']]] as const) {
  const res = spawnSync(cmd, [...args], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const children: ChildProcess[] = [run(npx, ['vite', 'build', '--watch', '--logLevel', 'warn'])];
const electron = installedElectronBinary();
children.push(electron
  ? run(electron, ['.'], { ...process.env, COUNTERPAY_DEV_RELOAD: '1' })
  : run(npx, ['tsx', 'harness/server/cli.ts', '--port', values.port ?? '5174', '--dev-reload']));
if (!electron) console.info('Electron binary not installed: the renderer reloads in the browser harness instead.');

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
