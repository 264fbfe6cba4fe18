import { useTranslation } from '../i18n/use-translation.ts';

/** One filter of a list screen's form: a labelled select with "any" first. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{t('filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
