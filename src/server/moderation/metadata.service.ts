import { AppError } from '../../contracts/errors.ts';
import { slugify } from '../../contracts/format.ts';
import type { MetadataValues } from '../../contracts/upload.rules.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import { videoPageOpens } from '../kernel/access/visibility.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import type { MetadataRepository } from './metadata.repository.ts';

// Staff fix what an uploader got wrong (issue 16): a misleading title, a description with a
// link, the wrong categories or tags. The upload form's rules apply; the old and new values
// go to the audit log; every cached answer is forgotten when the video may be in one, since
// titles show in every listing.

export function createMetadataService(deps: {
  metadata: MetadataRepository;
  /** Forget every cached answer that may show the video. */
  changed(): void;
}) {
  return {
    async edit(actor: Actor, id: number, form: MetadataValues): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'update', 'video');
      if ((await deps.metadata.countCategories(form.categories)) !== form.categories.length) {
        throw AppError.form([{ field: 'categories', code: 'invalid_params' }]);
      }
      const tags = new Map(form.tags.map((title) => [slugify(title), title]));
      const done = await deps.metadata.edit(
        id,
        {
          title: form.title,
          dir: slugify(form.title),
          description: form.description,
          categoryIds: form.categories,
          tags: [...tags].map(([dir, title]) => ({ dir, title })),
        },
        (before) => ({
          actor,
          action: 'video.edit',
          objectType: 'video',
          objectId: id,
          before: { ...before },
          after: {
            title: form.title,
            description: form.description,
            categoryIds: [...form.categories].sort((a, b) => a - b),
            tags: [...tags.values()].sort(),
          },
        }),
      );
      if (!done) throw new AppError('not_found');
      // A video waiting for review or rejected is in no public answer: nothing to forget.
      if (videoPageOpens(done)) deps.changed();
      return { success: 1 };
    },
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;
