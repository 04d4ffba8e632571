/** Journal records the main process could not read (torn write after a power cut): reported, never hidden. */
export function JournalWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warning" role="alert">
      <div className="alert-body">
        <strong className="alert-title">Some journal records could not be read</strong>
        <ul className="alert-issues">{warnings.map((w, n) => <li key={n}>{w}</li>)}</ul>
      </div>
    </div>
  );
}
