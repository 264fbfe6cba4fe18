import { membersOnlyLoader } from '../lib/guards.ts';

// Work in progress this session: the screen lands with its issue.
export const loader = membersOnlyLoader;

export function Component() {
  return null;
}
