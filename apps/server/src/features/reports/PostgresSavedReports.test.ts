import useTestPostgres from "../../db/testPostgres.ts";
import { PostgresStore } from "../../store/PostgresStore.ts";
import savedReportContract from "./savedReportContract.ts";

const cluster = useTestPostgres();
savedReportContract("PostgreSQL", () =>
  Promise.resolve(
    new PostgresStore(cluster.url(), { schema: cluster.schema("saved_reports"), max: 2 }),
  ),
);
