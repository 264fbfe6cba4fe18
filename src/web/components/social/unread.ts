import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGlobals } from '../../hooks/use-globals.ts';

// The member's unread message count for the header: the page constants' count until the
// messages screen learns a newer one (after reading a conversation) and sets it here.

const UNREAD_KEY = ['unread-messages'] as const;

export function useUnreadMessages(): number {
  const { user } = useGlobals();
  const initial = user?.unreadMessages ?? 0;
  const { data } = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => initial,
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

export function useSetUnreadMessages(): (count: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (count: number) => {
      queryClient.setQueryData(UNREAD_KEY, count);
    },
    [queryClient],
  );
}
