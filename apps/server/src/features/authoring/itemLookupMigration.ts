import type { Migration } from "../../db/migrate.ts";

// Version 14. A save of one rule or data element (ItemChanges) looks up names (is the new name
// another live item's? which data elements do its tokens name?) and its index in its list
// (how many live items of its kind come before it). Without these indexes each lookup reads
// every resource of the property: the cost of a save grew with the property's size.
const sql = `
CREATE INDEX resources_name ON resources (property_id, kind, name);
CREATE INDEX resources_order ON resources (property_id, kind, deleted, position);`;

export const itemLookupMigration: Migration = {
  version: 14,
  name: "resources indexed by name and by position for item-sized saves",
  sqlite: sql,
  postgres: sql,
};
