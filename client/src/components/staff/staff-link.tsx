import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useCanOpen } from '../../lib/staff-permissions';

/**
 * A link to a dashboard page, for people whose role may open it; to anyone else it shows `fallback` instead (nothing
 * unless given), so no one is sent to a page that only says it is not for their role.
 */
export function StaffLink({ to, fallback = null, ...props }: LinkProps & { to: string; fallback?: ReactNode }) {
  const canOpen = useCanOpen();
  return canOpen(to) ? <Link to={to} {...props} /> : <>{fallback}</>;
}
