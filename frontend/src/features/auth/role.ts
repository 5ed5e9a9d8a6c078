import type { RootState } from '@/app/store';
import { selectIsSignedIn } from '@/features/auth/authSlice';
import { roleFromToken } from '@/lib/tokenRole';

/**
 * Whether the signed-in user is an administrator, read from the role in their token. It only
 * decides what the interface offers (the back office, its menu entry); the API checks the role.
 */
export function selectIsAdmin(state: RootState): boolean {
  return selectIsSignedIn(state) && roleFromToken(state.auth.token) === 'admin';
}
