import styles from '../routes/profile-page.module.css';

/** Label and value pairs of an info tab; empty values are left out. */
export function FactsList({ facts }: { facts: [string, string | undefined][] }) {
  return (
    <dl className={styles.info}>
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
