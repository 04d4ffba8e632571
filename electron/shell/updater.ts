/**
 * electron-updater wired to the policy: look at the feed at start and every few
 * hours, download a newer release in the background, and at quit install it only
 * when installAtQuit() says so. electron-updater is loaded only when a feed is
 * configured, so a till without one never touches it.
 */
import type { Logger } from '../log.js';
import { checkFeed } from './update-feed.js';
import { installAtQuit } from './update-policy.js';

const CHECK_EVERY_MS = 4 * 3600_000;

export interface Updates {
  /** Call as the app quits: arms or disarms the install for this quit. */
  beforeQuit(openAttempts: number): void;
  stop(): void;
}

export async function startUpdates(opts: { feedUrl: string; currentVersion: string; logger: Logger }): Promise<Updates> {
  const { autoUpdater } = await import('electron-updater');
  autoUpdater.setFeedURL({ provider: 'generic', url: opts.feedUrl });
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = null;
  let downloaded: string | null = null;
  let busy = false;
  autoUpdater.on('update-downloaded', (info: { version: string }) => {
    downloaded = info.version;
    opts.logger.info('update downloaded; installs at the next quit with no payment open', { version: info.version });
  });
  autoUpdater.on('error', (e: Error) => opts.logger.warn('update failed', { message: e.message }));

  const check = async () => {
    if (busy || downloaded) return;
    busy = true;
    try {
      const feed = await checkFeed(opts.feedUrl, opts.currentVersion, process.platform);
      if (feed.kind === 'unreachable') opts.logger.info('update feed unreachable', { reason: feed.reason });
      if (feed.kind !== 'newer') return;
      await autoUpdater.checkForUpdates();
      await autoUpdater.downloadUpdate();
    } catch (e) {
      opts.logger.warn('update check failed', { message: e instanceof Error ? e.message : String(e) });
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();

  return {
    beforeQuit(openAttempts) {
      const decision = installAtQuit({ current: opts.currentVersion, downloaded, openAttempts });
      autoUpdater.autoInstallOnAppQuit = decision.install;
      if (!decision.install && decision.reason === 'payment-open') opts.logger.info('update postponed: a payment attempt is open', { version: downloaded });
    },
    stop: () => clearInterval(timer),
  };
}
