import { useQuery } from '@tanstack/react-query';
import type { RelationResponse, RelationType } from '../../../contracts/social.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';

// Where the signed-in member stands with a profile (subscribed? friends?), so its buttons
// start right. Read in the browser only, after hydration: the server-rendered page is the
// same for every member, and a visitor has no relation to read.

export const relationPath = (type: RelationType, objectId: string) =>
  `/api/relation.php?type=${type}&object_id=${encodeURIComponent(objectId)}`;

export function useRelation(
  target: { type: RelationType; objectId: string } | undefined,
): RelationResponse | undefined {
  const { user } = useGlobals();
  const path = target ? relationPath(target.type, target.objectId) : '';
  const query = useQuery({
    ...apiQuery<RelationResponse>(path),
    enabled: Boolean(user && target),
    staleTime: 0,
  });
  return query.data;
}
