import { type FormEvent, useMemo, useState } from 'react';
import {
  birthDateBounds,
  checkProfile,
  PROFILE_CHOICES,
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  type ProfileField,
  type ProfileValues,
} from '../../../contracts/profile.rules.ts';
import type { OwnProfile } from '../../../contracts/profile.schema.ts';
import { useEditForm } from '../../hooks/use-edit-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { countryOptions } from '../../lib/country.ts';
import { Field, FormAlert } from './edit-form.tsx';
import { saveProfile } from './profile-calls.ts';
import styles from './profile-edit.module.css';

// The profile fields of SPEC.md §3 User: the value tables as selects with the labels the
// member page shows (`values.*`), the birth date (only the age is public), the country
// from the site's list, and the texts with their limits. Checked by the shared rules
// before the call; the server's codes show under their fields.

export function valuesOf(profile: OwnProfile): ProfileValues {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, profile[field]]),
  ) as ProfileValues;
}

const VALUE_KEYS = {
  gender: 'values.genders',
  relationship: 'values.relationships',
  orientation: 'values.orientations',
} as const;

export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: OwnProfile;
  onSaved: (profile: OwnProfile) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useEditForm(PROFILE_FIELDS);
  const [values, setValues] = useState(() => valuesOf(profile));
  const bounds = useMemo(() => birthDateBounds(new Date()), []);
  const countries = countryOptions(i18n.language);

  const set = (field: ProfileField, value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    form.clear(field);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    await form.run(checkProfile(values), async () => {
      const saved = await saveProfile(values);
      // The server's normalised values (a website with its scheme, trimmed texts).
      setValues(valuesOf(saved));
      onSaved(saved);
    });
  }

  const choice = (field: keyof typeof PROFILE_CHOICES, label: string) => (
    <Field form={form} name={field} label={label}>
      {(props) => (
        <select {...props} value={values[field]} onChange={(e) => set(field, e.target.value)}>
          <option value="">{t('edit.notSpecified')}</option>
          {PROFILE_CHOICES[field].map((value) => (
            <option key={value} value={value}>
              {t(`${VALUE_KEYS[field]}.${value}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const line = (field: 'city' | 'education' | 'occupation', label: string) => (
    <Field form={form} name={field} label={label}>
      {(props) => (
        <input
          {...props}
          type="text"
          value={values[field]}
          maxLength={PROFILE_LIMITS[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  const area = (field: 'interests' | 'about', label: string) => (
    <Field
      form={form}
      name={field}
      label={label}
      hint={t('edit.lengthHint', { max: PROFILE_LIMITS[field] })}
    >
      {(props) => (
        <textarea
          {...props}
          rows={field === 'about' ? 6 : 3}
          value={values[field]}
          maxLength={PROFILE_LIMITS[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={form.busy}
    >
      <div className={styles.grid}>
        {choice('gender', t('facts.gender'))}
        <Field
          form={form}
          name="birth_date"
          label={t('edit.birthDate')}
          hint={t('edit.birthDateHint')}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              min={bounds.min}
              max={bounds.max}
              value={values.birth_date}
              onChange={(e) => set('birth_date', e.target.value)}
            />
          )}
        </Field>
        {choice('relationship', t('facts.relationship'))}
        {choice('orientation', t('facts.orientation'))}
        <Field form={form} name="country" label={t('profile.country')}>
          {(props) => (
            <select
              {...props}
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
            >
              <option value="">{t('edit.notSpecified')}</option>
              {countries.map((country) => (
                <option key={country.value} value={country.value}>
                  {country.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {line('city', t('member.city'))}
        {line('education', t('facts.education'))}
        {line('occupation', t('member.occupation'))}
      </div>
      <Field form={form} name="website" label={t('facts.website')} hint={t('edit.websiteHint')}>
        {(props) => (
          <input
            {...props}
            type="url"
            inputMode="url"
            autoComplete="url"
            value={values.website}
            maxLength={PROFILE_LIMITS.website}
            onChange={(e) => set('website', e.target.value)}
          />
        )}
      </Field>
      {area('interests', t('facts.interests'))}
      {area('about', t('edit.aboutMe'))}
      <FormAlert error={form.formError} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('edit.save')}
        </button>
      </div>
    </form>
  );
}
