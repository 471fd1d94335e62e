import { useState, type FormEvent } from "react";
import { ApiError } from "../api/ApiError.ts";
import MutationError from "../forms/MutationError.tsx";
import readBuildFolder, { type BuildFile } from "./readBuildFolder.ts";

/** React has no prop for it; the attribute makes Chromium, Firefox and Safari pick a folder. */
const PICK_FOLDER = { webkitdirectory: "" } as Record<string, string>;

interface Picked {
  files: BuildFile[];
  skipped: string[];
}

/**
 * The second way into an import: the folder of a downloaded Launch build (library, external
 * custom code, hosted files), read as text here and sent whole, so the property keeps the
 * files instead of pointing at Adobe's CDN. Browsers without a folder pick take the files.
 */
export default function ImportBuildFolder({
  onSend,
  onPick,
  pending,
  error,
}: {
  onSend: (files: BuildFile[]) => void;
  /** A new pick: an earlier answer's error no longer applies. */
  onPick: () => void;
  pending: boolean;
  error: unknown;
}) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [reading, setReading] = useState(false);
  const pick = (list: FileList | null) => {
    onPick();
    setPicked(null);
    if (!list || list.length === 0) return;
    setReading(true);
    void readBuildFolder([...list])
      .then(setPicked)
      .finally(() => setReading(false));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked && picked.files.length > 0) onSend(picked.files);
  };
  const count = picked?.files.length ?? 0;
  return (
    <form className="card" onSubmit={submit} aria-labelledby="import-folder">
      <h2 id="import-folder">Import a build folder</h2>
      <p className="hint">
        The folder of a downloaded Launch build: the library (<code>launch-….js</code>), its
        external custom code (<code>RC…-source.js</code>) and <code>hostedLibFiles</code>. The
        property keeps those files and Liftoff serves them.
      </p>
      <div className="field">
        <label htmlFor="import-folder-pick">Build folder</label>
        <input
          id="import-folder-pick"
          type="file"
          multiple
          {...PICK_FOLDER}
          onChange={(e) => pick(e.target.files)}
        />
      </div>
      <div className="field">
        <label htmlFor="import-folder-files">Or the build’s files (choose several)</label>
        <input
          id="import-folder-files"
          type="file"
          multiple
          onChange={(e) => pick(e.target.files)}
        />
      </div>
      <p role="status" className="hint">
        {reading
          ? "Reading the files…"
          : pending
            ? `Sending ${count} file${count === 1 ? "" : "s"}…`
            : picked
              ? `${count} file${count === 1 ? "" : "s"} to send.`
              : ""}
      </p>
      {picked && picked.skipped.length > 0 && (
        <div className="field-warning">
          <p>Left out:</p>
          <ul>
            {picked.skipped.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      <FolderError error={error} files={picked?.files ?? []} />
      <button type="submit" disabled={count === 0 || reading || pending}>
        Import build folder
      </button>
    </form>
  );
}

const FILE_PATH = /^files\[(\d+)\](?:\.(.+))?$/;

/** The server names `files[3].path`; a person sees the file's own path instead. */
function FolderError({ error, files }: { error: unknown; files: BuildFile[] }) {
  if (!error) return null;
  const perFile = (error instanceof ApiError ? error.fieldErrors : []).flatMap((f) => {
    const match = FILE_PATH.exec(f.path);
    const file = match && files[Number(match[1])];
    return file ? [{ ...f, file: file.path, member: match[2] }] : [];
  });
  return (
    <>
      <MutationError error={error} placed={(path) => perFile.some((f) => f.path === path)} />
      {perFile.length > 0 && (
        <ul className="error" aria-label="Files the server refused">
          {perFile.map((f) => (
            <li key={f.path + f.message}>
              <code>{f.file}</code>
              {f.member === "text" ? "" : f.member ? ` (${f.member})` : ""}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
