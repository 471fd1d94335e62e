export type StorageDuration = "pageview" | "session" | "visitor";

const PREFIX = "com.adobe.reactor.dataElements.";

/**
 * Where data element values live when `storageDuration` is set: memory for the page view,
 * sessionStorage for the session, localStorage for the visitor — JSON under
 * `com.adobe.reactor.dataElements.<name>`. Nothing stored reads as null, as in Launch.
 * Storage that is disabled or full, and values that cannot be serialised, are skipped:
 * a tag library must not break the page for them.
 */
export default function createDataElementStorage() {
  const pageview: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const store = (duration: StorageDuration) =>
    duration === "session" ? sessionStorage : localStorage;
  return {
    set_(name: string, duration: StorageDuration, value: unknown) {
      if (duration === "pageview") pageview[name] = value;
      else {
        try {
          const json = JSON.stringify(value);
          if (json) store(duration).setItem(PREFIX + name, json);
        } catch {
          // circular value or unavailable storage
        }
      }
    },
    get_(name: string, duration: StorageDuration): unknown {
      // Only non-null values are ever stored, so `??` tells "stored" from "not stored".
      if (duration === "pageview") return pageview[name] ?? null;
      try {
        return JSON.parse(store(duration).getItem(PREFIX + name) as string);
      } catch {
        return null;
      }
    },
  };
}
