/** "Environment" with "All" first, then the property's environments by name; "" is all. */
export default function EnvironmentSelect({
  environments,
  value,
  onChange,
}: {
  environments: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (environmentId: string) => void;
}) {
  return (
    <label>
      Environment
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.name}
          </option>
        ))}
      </select>
    </label>
  );
}
