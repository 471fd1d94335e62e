import type { SavedReport } from "@liftoff/schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "../confirm/useConfirm.ts";
import QueryState from "../layout/QueryState.tsx";
import { useApi, useSession } from "../session/SessionContext.tsx";
import { savedReportPath } from "./breakdownQuery.ts";
import ReportNameDialog from "./ReportNameDialog.tsx";
import { savedReportsKey } from "./savedReportKeys.ts";

const fieldsOf = (report: SavedReport) =>
  [report.definition.field, report.definition.by].filter(Boolean).join(" · ");

/**
 * The property's saved reports: name (opening it), fields, who saved it and when, as a list
 * whose entries wrap at any width (field paths are long for a phone's table). Its
 * creator and admins rename and delete (the server refuses anyone else, so the buttons are
 * shown only to them).
 */
export default function SavedReportsList({ pid }: { pid: string }) {
  const api = useApi();
  const me = useSession().session?.user;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const [failure, setFailure] = useState("");
  const list = useQuery({
    queryKey: savedReportsKey(pid),
    queryFn: () => api.savedReports.list(pid),
  });
  const mayChange = (report: SavedReport) =>
    me !== undefined && (me.role === "admin" || me.username === report.createdBy);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedReportsKey(pid) });
  const rename = async (name: string) => {
    await api.savedReports.update(pid, renaming!.id, { name });
    setRenaming(null);
    await refresh();
  };
  const remove = async (report: SavedReport) => {
    const yes = await confirm({
      title: `Delete the saved report “${report.name}”?`,
      body: <p>Its link stops working for everyone it was shared with. The events stay.</p>,
      confirm: "Delete",
      danger: true,
    });
    if (!yes) return;
    setFailure("");
    try {
      await api.savedReports.remove(pid, report.id);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
    await refresh();
  };
  return (
    <section className="card saved-reports" aria-labelledby="saved-reports-title">
      <h2 id="saved-reports-title">Saved reports</h2>
      {failure && <p role="alert">{failure}</p>}
      <QueryState query={list}>
        {list.data?.length === 0 && (
          <p className="muted">
            None yet. Run a breakdown and choose Save report: it is kept here for everyone who may
            see this property.
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="saved-report-list">
            {list.data.map((report) => (
              <li key={report.id}>
                <div className="saved-report-what">
                  <Link to={savedReportPath(pid, report.id)}>{report.name}</Link>
                  <span className="muted saved-report-fields">{fieldsOf(report)}</span>
                </div>
                <span className="muted">
                  Saved by {report.createdBy}
                  {report.updatedBy !== report.createdBy &&
                    `, changed by ${report.updatedBy}`},{" "}
                  <time dateTime={report.updatedAt}>
                    {new Date(report.updatedAt).toLocaleString()}
                  </time>
                </span>
                {mayChange(report) && (
                  <span className="row-actions">
                    <button
                      type="button"
                      className="link"
                      aria-label={`Rename ${report.name}`}
                      onClick={() => setRenaming(report)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="link"
                      aria-label={`Delete ${report.name}`}
                      onClick={() => void remove(report)}
                    >
                      Delete
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {renaming && (
        <ReportNameDialog
          title={`Rename “${renaming.name}”`}
          confirm="Rename"
          initialName={renaming.name}
          onSubmit={rename}
          onClose={() => setRenaming(null)}
        />
      )}
    </section>
  );
}
