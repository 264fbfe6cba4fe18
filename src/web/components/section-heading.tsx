import { Link } from 'react-router';
import styles from './section-heading.module.css';

export function SectionHeading({
  id,
  title,
  moreHref,
  moreLabel,
}: {
  id: string;
  title: string;
  moreHref?: string;
  moreLabel?: string;
}) {
  return (
    <div className={styles.heading}>
      <h2 id={id}>{title}</h2>
      {moreHref && moreLabel ? (
        <Link to={moreHref} className={styles.more}>
          {moreLabel} <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </div>
  );
}
