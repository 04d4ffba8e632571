/**
 * `npm run dev`: a renderer file saved in the editor is rebuilt by `vite build
 * --watch` into dist/renderer; this watches that folder and asks for a reload
 * once the burst of writes has settled. Development only: never wired in an
 * installed build.
 */
import { watch } from 'node:fs';
import type { Logger } from '../log.js';

const SETTLE_MS = 150;

export function watchRendererForReload(dir: string, reload: () => void, logger?: Logger): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      logger?.info('renderer changed: reloading');
      reload();
    }, SETTLE_MS);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
