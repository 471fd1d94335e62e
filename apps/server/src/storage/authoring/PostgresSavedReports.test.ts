import useTestPostgres from "../testPostgres.ts";
import { PostgresStore } from "../PostgresStore.ts";
import savedReportContract from "./savedReportContract.ts";

const cluster = useTestPostgres();
savedReportContract("PostgreSQL", () =>
  Promise.resolve(
    new PostgresStore(cluster.url(), { schema: cluster.schema("saved_reports"), max: 2 }),
  ),
);
