import { Link } from "react-router";

/** What a property with no events in the range needs before its reports have anything to show. */
export default function ReportsEmptyState({ pid }: { pid: string }) {
  const base = `/properties/${encodeURIComponent(pid)}`;
  return (
    <section className="card" aria-labelledby="reports-empty">
      <h2 id="reports-empty">No events in this range</h2>
      <p>Reports count the events this property&apos;s library sends. To get data:</p>
      <ol>
        <li>
          Build and publish a library to an environment on the{" "}
          <Link to={`${base}/libraries`}>Publishing</Link> page.
        </li>
        <li>
          Add that environment&apos;s embed code to your site&apos;s pages (shown on the{" "}
          <Link to={`${base}/environments`}>Environments</Link> page).
        </li>
        <li>
          Allow your site&apos;s origin (such as <code>https://www.example.com</code>) on the{" "}
          <Link to={`${base}/environments`}>Environments</Link> page; until then the server refuses
          its events.
        </li>
      </ol>
      <p className="muted">
        Events appear on the <Link to={`${base}/events`}>Events</Link> page as they arrive.
      </p>
    </section>
  );
}
