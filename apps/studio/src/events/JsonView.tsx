/**
 * A collapsible JSON tree built on <details>, so it is keyboard and screen-reader friendly
 * without any script of its own. Objects open down to `openDepth`.
 */
export default function JsonView({
  value,
  label,
  openDepth = 1,
}: {
  value: unknown;
  label?: string;
  openDepth?: number;
}) {
  return (
    <div className="json-view">
      <Node name={label} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}

function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name?: string;
  value: unknown;
  depth: number;
  openDepth: number;
}) {
  const key = name === undefined ? null : <span className="json-key">{name}: </span>;
  if (value === null || typeof value !== "object")
    return (
      <div className="json-leaf">
        {key}
        <span className={`json-${value === null ? "null" : typeof value}`}>
          {JSON.stringify(value)}
        </span>
      </div>
    );
  const entries = Array.isArray(value)
    ? (value as unknown[]).map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  const brackets = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return (
    <details open={depth < openDepth}>
      <summary>
        {key}
        {brackets[0]}
        <span className="muted"> {entries.length} </span>
        {brackets[1]}
      </summary>
      <div className="json-children">
        {entries.map(([k, v]) => (
          <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
        ))}
      </div>
    </details>
  );
}
