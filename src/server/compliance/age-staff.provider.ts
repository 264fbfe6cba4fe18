import type { AgeAssuranceProvider } from './age-assurance.ts';
import type { AgeEvidenceStore } from './age-evidence.store.ts';

// The default provider (decision 0054): the photo waits in the private evidence folder until
// a moderator looks at it in the console's age-check queue and approves or rejects it.

export function createStaffAgeProvider(store: AgeEvidenceStore): AgeAssuranceProvider {
  return {
    name: 'staff',
    method: 'photo_review',
    async submit(photo) {
      return { state: 'pending', evidencePath: await store.save(photo) };
    },
  };
}
