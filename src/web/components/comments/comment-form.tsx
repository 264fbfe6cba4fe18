import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { CommentSection } from '../../../contracts/constants.ts';
import { COMMENT_LIMITS } from '../../../contracts/constants.ts';
import type { CommentsResponse, MemberResponse } from '../../../contracts/members.schema.ts';
import type { CommentResponse } from '../../../contracts/stat.schema.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import {
  type CommentError,
  checkComment,
  commentErrorInfo,
  postedCommentPath,
  withComment,
  withWallPost,
} from './comment-rules.ts';
import { TextForm } from './text-form.tsx';

// The comment form of SPEC.md §5 (Comment) for members: under the comments of a video, on
// the walls of models, channels and members. The rules are checked before the call; a
// failure shows under the form as the code's text with its info (SPEC.md §8). A posted
// comment goes to the top of the list already on screen, without a new fetch.

export function CommentForm({
  section,
  objectId,
  label,
  onPosted,
}: {
  section: CommentSection;
  objectId: number;
  /** The textarea's label; "Your comment" unless given. */
  label?: string;
  onPosted?: (comment: CommentResponse['comment']) => void;
}) {
  const { t } = useTranslation();
  const { toast } = useOverlays();
  const queryClient = useQueryClient();
  const field = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<CommentError | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = checkComment(message);
    setError(local);
    if (local) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await postForm<CommentResponse>('/api/stat.php', {
        act: 'comm',
        section,
        object_id: String(objectId),
        msg: message.trim(),
      });
      const key = ['api', postedCommentPath(section, objectId)] as const;
      if (section === 'member') {
        queryClient.setQueryData<MemberResponse>(key, (old) => withWallPost(old, answer.comment));
      } else {
        queryClient.setQueryData<CommentsResponse>(key, (old) => withComment(old, answer.comment));
      }
      setMessage('');
      toast('success', t('notify.comment_added'));
      onPosted?.(answer.comment);
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : 'general_error';
      setError({
        code,
        info: { ...commentErrorInfo(code), ...(isApiError(failure) ? failure.info : {}) },
      });
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <TextForm
      label={label ?? t('comment.label')}
      name="msg"
      value={message}
      onChange={(value) => {
        setMessage(value);
        setError(undefined);
      }}
      hint={t('comment.hint', { min: COMMENT_LIMITS.min, max: COMMENT_LIMITS.max })}
      submitLabel={t('comment.submit')}
      busy={busy}
      error={error}
      fieldRef={field}
      onSubmit={submit}
    />
  );
}
