import type { PresenceEntry, PresenceItem } from "@liftoff/schema";
import { useId } from "react";
import { useSession } from "../session/SessionContext.tsx";
import { presentAt, useOpenItem, usePresence } from "./presence.ts";

/** One person's name as colleagues see it; this person's own other tab says so. */
function useWhoLabel(): (entry: PresenceEntry) => string {
  const me = useSession().session?.user.username;
  return (entry) => (entry.user === me ? "You in another tab" : entry.user);
}

/** Each person once (two tabs of one colleague are one name), in the order they arrived. */
function people(entries: PresenceEntry[], label: (entry: PresenceEntry) => string) {
  const seen = new Map<string, PresenceEntry>();
  for (const entry of entries) if (!seen.has(label(entry))) seen.set(label(entry), entry);
  return [...seen.entries()];
}

/**
 * Next to an open editor's heading: tells colleagues this tab has `item` open (unless
 * `announce` is false: an extension card the person is not working in), and lists who else
 * has it open ("Also here: sam"), as a labelled list a screen reader announces. Nothing shows
 * while no one else is here. `item` undefined: a new, unsaved item.
 */
export default function AlsoHere({
  pid,
  item,
  announce = true,
}: {
  pid: string;
  item: PresenceItem | undefined;
  announce?: boolean;
}) {
  useOpenItem(pid, announce ? item : undefined);
  const entries = usePresence(pid);
  const label = useWhoLabel();
  const labelId = useId();
  if (!item) return null;
  const here = people(presentAt(entries, item), label);
  if (here.length === 0) return null;
  return (
    <div className="also-here">
      <span id={labelId}>Also here:</span>
      <ul aria-labelledby={labelId}>
        {here.map(([name, entry]) => (
          <li
            key={name}
            title={`${entry.role}, since ${new Date(entry.since).toLocaleTimeString()}`}
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** In a list: a small badge on an item someone else has open ("Open by sam"), in words. */
export function OpenBadge({ entries, item }: { entries: PresenceEntry[]; item: PresenceItem }) {
  const label = useWhoLabel();
  const here = people(presentAt(entries, item), label);
  if (here.length === 0) return null;
  const names = here.map(([name]) => name).join(", ");
  return (
    <span className="badge presence-badge" title={`Open now by ${names}`}>
      Open by {names}
    </span>
  );
}
