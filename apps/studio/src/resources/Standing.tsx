import type { ResourceInfo } from "@liftoff/schema";

/**
 * Where an item stands against production: new (never published), changed since the
 * published revision, or published as it is.
 */
export default function Standing({ resource }: { resource: ResourceInfo | undefined }) {
  if (!resource) return null;
  if (resource.publishedRevision === undefined)
    return <span className="standing standing-new">New</span>;
  if (resource.changed)
    return (
      <span
        className="standing standing-changed"
        title={`Production has revision ${resource.publishedRevision}; this is revision ${resource.revision}`}
      >
        Changed
      </span>
    );
  return <span className="standing standing-published">Published</span>;
}
