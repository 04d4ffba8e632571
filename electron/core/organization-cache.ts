/** The organization the token identifies, fetched once per connection and shown on every screen. */
import type { BankApi } from '../api/types.js';
import type { Organization } from '../../shared/domain/bank.js';
import type { OrganizationSummary } from '../../shared/ipc/types.js';

export class OrganizationCache {
  private org: Organization | null = null;
  /** One request per flag value at a time: a caller asking for external accounts never gets an answer without them. */
  private readonly pending = new Map<boolean, Promise<Organization>>();

  constructor(private readonly api: BankApi) {}

  summary(): OrganizationSummary | null {
    const o = this.org;
    return o ? { id: o.id, name: o.name, slug: o.slug, locale: o.locale, legalCountry: o.legal_country } : null;
  }

  /** The organization as last fetched, or null. */
  current(): Organization | null {
    return this.org;
  }

  country(): string | null {
    return this.org?.legal_country ?? null;
  }

  /** One request at a time; callers during a fetch share it. */
  refresh(includeExternalAccounts = false): Promise<Organization> {
    let p = this.pending.get(includeExternalAccounts);
    if (!p) {
      p = this.api.organization
        .get({ includeExternalAccounts })
        .then((o) => (this.org = o))
        .finally(() => this.pending.delete(includeExternalAccounts));
      this.pending.set(includeExternalAccounts, p);
    }
    return p;
  }

  clear(): void {
    this.org = null;
  }
}
