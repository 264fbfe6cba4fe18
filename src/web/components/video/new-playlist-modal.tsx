import type { ComponentProps } from 'react';
import type { Gender } from '../../../contracts/constants.ts';
import { emptyPlaylist } from '../playlist/playlist-form.rules.ts';
import PlaylistModal from '../playlist/playlist-modal.tsx';

// The Add-to button's "New playlist" form: the playlist form for a new playlist that starts
// with the video. Its own chunk with the form's rules, so the video page's first load has
// only the button (issue 18).

export default function NewPlaylistModal({
  gender,
  videoId,
  ...props
}: { gender: Gender; videoId: string } & Omit<ComponentProps<typeof PlaylistModal>, 'mode'>) {
  return (
    <PlaylistModal mode={{ section: 'new', initial: emptyPlaylist(gender), videoId }} {...props} />
  );
}
