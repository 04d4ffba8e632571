/** Deprecation notices the API client reported, kept once per route so the manager sees each retirement date. */
import type { DeprecationNotice } from '../../shared/ipc/types.js';

export class DeprecationLog {
  private readonly byRoute = new Map<string, DeprecationNotice>();
  private readonly listeners = new Set<() => void>();

  add(notice: DeprecationNotice): void {
    const known = this.byRoute.get(notice.route);
    this.byRoute.set(notice.route, notice);
    if (!known || known.sunset !== notice.sunset) this.listeners.forEach((l) => l());
  }

  list(): DeprecationNotice[] {
    return [...this.byRoute.values()];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
