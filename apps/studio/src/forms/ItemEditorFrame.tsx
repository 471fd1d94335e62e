import type { ResourceInfo, ResourceKind } from "@liftoff/schema";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { usePropertyChange } from "../properties/useProperty.ts";
import { useCan } from "../session/Can.tsx";
import { useApi } from "../session/SessionContext.tsx";
import MutationError from "./MutationError.tsx";
import LeaveGuard from "./LeaveGuard.tsx";
import ResourceHistory from "./ResourceHistory.tsx";
import type { useItemEditor } from "./useItemEditor.ts";

type Editor<T extends { id: string; name: string }> = ReturnType<typeof useItemEditor<T>>;

const LABEL = { rule: "rule", dataElement: "data element" } as const;

/**
 * What surrounds an item's form: the "it is gone" and "it was deleted" states, the notice
 * that someone saved a newer revision, the question before leaving with unsaved edits, and
 * the Copy action. (The conflict view sits in the
 * form, above Save, where the person who pressed Save is looking.)
 */
export default function ItemEditorFrame<T extends { id: string; name: string }>({
  editor,
  kind,
  back,
  children,
}: {
  editor: Editor<T>;
  kind: "rule" | "dataElement";
  back: string;
  children: ReactNode;
}) {
  if (editor.missing)
    return (
      <p role="alert">
        This {LABEL[kind]} does not exist. <Link to="..">Back to {back}</Link>
      </p>
    );
  const deletedNow = editor.resource?.deleted && !editor.newer && !editor.conflict;
  if (deletedNow) return <DeletedItem resource={editor.resource!} kind={kind} back={back} />;
  return (
    <>
      {editor.newer && (
        <p role="status" className="notice">
          {editor.newer.deleted
            ? `${editor.newer.by} deleted this ${LABEL[kind]}`
            : `${editor.newer.by} saved a newer revision`}{" "}
          (revision {editor.newer.revision}). Your edits are kept; Save shows both versions to merge
          first, and saves nothing until you choose.
        </p>
      )}
      {editor.updated && (
        <p role="status" className="notice">
          Updated by {editor.updated.by} (revision {editor.updated.revision}).
        </p>
      )}
      {children}
      <LeaveGuard dirty={editor.dirty} leaving={editor.leaving} what={`this ${LABEL[kind]}`} />
    </>
  );
}

/** A deleted item: who deleted it, and Undo (until a production publish removes it). */
function DeletedItem({
  resource,
  kind,
  back,
}: {
  resource: ResourceInfo;
  kind: ResourceKind;
  back: string;
}) {
  const api = useApi();
  const { pid = "" } = useParams();
  const canEdit = useCan("editor");
  const undo = usePropertyChange(pid, () =>
    api.properties.restore(pid, kind, resource.id, resource.revision),
  );
  return (
    <div role="alert" className="notice">
      <p>
        “{resource.name}” was deleted by {resource.updatedBy} on{" "}
        {new Date(resource.updatedAt).toLocaleString()}. It stays restorable until a production
        publish removes it.
      </p>
      {canEdit && (
        <button type="button" disabled={undo.isPending} onClick={() => undo.mutate(undefined)}>
          Undo delete
        </button>
      )}{" "}
      <Link to="..">Back to {back}</Link>
      <MutationError error={undo.error} />
    </div>
  );
}

/** Copy of an item ("Copy of …"), opened in the editor. */
export function CopyButton({ kind, id }: { kind: "rule" | "dataElement"; id: string }) {
  const api = useApi();
  const { pid = "" } = useParams();
  const navigate = useNavigate();
  const copy = usePropertyChange(pid, () => api.properties.copy(pid, kind, id));
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={copy.isPending}
        onClick={() =>
          copy.mutate(undefined, {
            onSuccess: (state) =>
              state.saved &&
              void navigate(`../${encodeURIComponent(state.saved.id)}`, { relative: "path" }),
          })
        }
      >
        Copy
      </button>
      <MutationError error={copy.error} />
    </>
  );
}

/** Under a saved item's form: Copy, and the item's history with view and restore. */
export function ItemTools({
  pid,
  kind,
  resource,
  current,
}: {
  pid: string;
  kind: "rule" | "dataElement";
  resource: ResourceInfo;
  current: unknown;
}) {
  return (
    <>
      <CopyButton kind={kind} id={resource.id} />
      <ResourceHistory
        pid={pid}
        kind={kind}
        id={resource.id}
        revision={resource.revision}
        current={current}
      />
    </>
  );
}
