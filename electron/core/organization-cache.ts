/** The organization the token identifies, fetched once per connection and shown on every screen. */
import type { BankApi } from '../api/types.js';
import type { Organization } from '../../shared/domain/bank.js';
import type { OrganizationSummary } from '../../shared/ipc/types.js';

export class OrganizationCache {
  private org: Organization | null = null;
  private pending: Promise<Organization> | null = null;

  constructor(private readonly api: BankApi) {}

  summary(): OrganizationSummary | null {
    const o = this.org;
    return o ? { id: o.id, name: o.name, slug: o.slug, locale: o.locale, legalCountry: o.legal_country } : null;
  }

  country(): string | null {
    return this.org?.legal_country ?? null;
  }

  /** One request at a time; callers during a fetch share it. */
  refresh(includeExternalAccounts = false): Promise<Organization> {
    if (!this.pending) {
      this.pending = this.api.organization
        .get({ includeExternalAccounts })
        .then((o) => (this.org = o))
        .finally(() => (this.pending = null));
    }
    return this.pending;
  }

  clear(): void {
    this.org = null;
  }
}
