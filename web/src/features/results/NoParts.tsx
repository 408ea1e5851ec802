import { msg } from '../../messages';

/** NoParts stands where the layout would be while the job has no parts. */
export function NoParts() {
  return (
    <section className="card empty">
      <h2>{msg.empty}</h2>
      <p className="muted">{msg.emptyHint}</p>
    </section>
  );
}
