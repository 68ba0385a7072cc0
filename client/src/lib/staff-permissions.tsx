import { createContext, useContext } from 'react';
import type { Permission } from '#shared/staff-access.js';
import { pagePermission } from './staff-page-permissions';

/**
 * The signed-in person's permissions, as the server's `me` gave them (provided by the dashboard layout). They only
 * decide which menus, pages and buttons the dashboard shows; the server checks every call. Without a provider
 * nothing is allowed.
 */
const StaffPermissions = createContext<ReadonlySet<Permission> | null>(null);

export const StaffPermissionsProvider = StaffPermissions.Provider;

/** `can('orders.fulfil')`: whether to show what needs that permission. */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useContext(StaffPermissions);
  return (permission) => permissions?.has(permission) ?? false;
}

/** `canOpen('/dashboard/productos/7')`: whether the person's role may open that dashboard page (same table as the menu). */
export function useCanOpen(): (path: string) => boolean {
  const can = useCan();
  return (path) => {
    const needed = pagePermission(path);
    return needed === null || can(needed);
  };
}
