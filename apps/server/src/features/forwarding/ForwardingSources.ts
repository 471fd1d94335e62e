import type { ForwardingRuleset, OutboundHost } from "@liftoff/schema";
import type { LibraryRepository } from "../publishing/LibraryRepository.ts";
import { FORWARDING_FILE } from "../publishing/Publisher.ts";
import type { ForwardingRepository } from "./ForwardingRepository.ts";
import type { SecretBox } from "./SecretBox.ts";
import type { WorkerSources } from "./ForwardingWorker.ts";

interface Kept<T> {
  value: T;
  at: number;
}

/**
 * What the worker reads for each claim, kept briefly so a busy queue does not read the same
 * rows per event: a change (a publish, a secret, an admin's hosts) applies on every node
 * within `ttlMs`. A ruleset is parsed again only when its file's ETag changed.
 */
export class ForwardingSources implements WorkerSources {
  private readonly rulesets = new Map<string, Kept<{ etag: string; ruleset: ForwardingRuleset }>>();
  private readonly hostLists = new Map<string, Kept<OutboundHost[]>>();
  private readonly opened = new Map<
    string,
    Kept<{ values: Map<string, string>; errors: Map<string, string> }>
  >();

  constructor(
    private readonly libraries: LibraryRepository,
    private readonly repo: ForwardingRepository,
    private readonly box: SecretBox,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async ruleset(propertyId: string, environmentId: string) {
    const key = `${propertyId}/${environmentId}`;
    const kept = this.rulesets.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.value.ruleset;
    const file = await this.libraries.get(propertyId, environmentId, FORWARDING_FILE);
    if (!file) {
      this.rulesets.delete(key);
      return undefined;
    }
    const ruleset =
      kept && kept.value.etag === file.etag
        ? kept.value.ruleset
        : (JSON.parse(file.body.toString("utf8")) as ForwardingRuleset);
    this.rulesets.set(key, { value: { etag: file.etag, ruleset }, at: this.now() });
    return ruleset;
  }

  async hosts(propertyId: string): Promise<OutboundHost[]> {
    const kept = this.hostLists.get(propertyId);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.value;
    const value = await this.repo.hosts(propertyId);
    this.hostLists.set(propertyId, { value, at: this.now() });
    return value;
  }

  async secrets(propertyId: string, environmentId: string) {
    const key = `${propertyId}/${environmentId}`;
    const kept = this.opened.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.value;
    const values = new Map<string, string>();
    const errors = new Map<string, string>();
    for (const sealed of await this.repo.sealedSecrets(propertyId, environmentId)) {
      try {
        values.set(
          sealed.name,
          this.box.open({ propertyId, environmentId, name: sealed.name }, sealed),
        );
      } catch (error) {
        errors.set(sealed.name, (error as Error).message);
      }
    }
    const value = { values, errors };
    this.opened.set(key, { value, at: this.now() });
    return value;
  }

  /** Forgets what this node kept of a property (its own change applies at once here). */
  forget(propertyId: string): void {
    for (const map of [this.rulesets, this.opened])
      for (const key of map.keys()) if (key.startsWith(`${propertyId}/`)) map.delete(key);
    this.hostLists.delete(propertyId);
  }
}
