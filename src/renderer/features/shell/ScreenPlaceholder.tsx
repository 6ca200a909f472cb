import { SCREENS, type ScreenId } from '../../lib/shellStore';

/** The screens this version does not have yet say what they will hold, plainly. */
export function ScreenPlaceholder({ screen }: { screen: ScreenId }) {
  const item = SCREENS.find((s) => s.id === screen);
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{item?.label}</h2>
      <p>{item?.blurb}</p>
      <p className="muted">This screen is not available in this version yet.</p>
    </section>
  );
}
