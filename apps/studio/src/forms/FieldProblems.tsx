/** Validation messages shown right under the field they name; linked by `id` for screen readers. */
export default function FieldProblems({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="field-problems" id={id} role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
