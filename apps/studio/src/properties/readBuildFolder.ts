/** A file of a build folder as the import sends it: its path in the folder and its text. */
export interface BuildFile {
  path: string;
  text: string;
}

/** Larger files are left out: nothing a Launch build carries comes near it. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Kinds a Launch build may hold that are not text; the import has no use for them. */
const BINARY =
  /\.(png|jpe?g|gif|webp|avif|ico|bmp|tiff?|woff2?|ttf|otf|eot|mp[34]|webm|ogg|wav|zip|gz|tgz|br|pdf|swf|wasm)$/i;
/** Files the operating system leaves in folders. */
const SYSTEM = new Set([".DS_Store", "Thumbs.db", "desktop.ini"]);

/** The path a browser gives a picked file: relative to the chosen folder's parent, or its name. */
const pathOf = (file: File) => file.webkitRelativePath || file.name;

/** Why `file` is left out of the import; undefined to send it. */
function skipReason(file: File): string | undefined {
  if (BINARY.test(file.name)) return "not a text file";
  if (file.size > MAX_FILE_BYTES) return `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`;
  return undefined;
}

/**
 * Reads the picked files of a downloaded Launch build as text, in the browser, for
 * `POST /api/properties/import` `{files}`. Images, fonts and the like are skipped with a
 * reason, as are files over 20 MB; system files (`.DS_Store`) are dropped without one.
 */
export default async function readBuildFolder(
  picked: readonly File[],
): Promise<{ files: BuildFile[]; skipped: string[] }> {
  const files: BuildFile[] = [];
  const skipped: string[] = [];
  for (const file of picked) {
    if (SYSTEM.has(file.name)) continue;
    const reason = skipReason(file);
    if (reason) skipped.push(`${pathOf(file)}: ${reason}`);
    else files.push({ path: pathOf(file), text: await file.text() });
  }
  return { files, skipped };
}
