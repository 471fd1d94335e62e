import { latestVersion } from "./migrations.ts";

/**
 * Stops a node whose code is older than its database: another node was upgraded first and
 * migrated past what this one knows. Running on would write rows the newer schema does not
 * expect, so nothing is migrated and the node does not start.
 */
export default function refuseNewerSchema(databaseVersion: number): void {
  if (databaseVersion <= latestVersion) return;
  throw new Error(
    `the database is at schema version ${databaseVersion}, but this node knows versions up to ${latestVersion}: ` +
      "another node was upgraded first; upgrade this node to the same Liftoff release, then start it",
  );
}
