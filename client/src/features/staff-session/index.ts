// Staff session: Firebase sign-in state (Firebase itself loads only from here, on staff routes).
export { LoginPage } from './login-page';
export { useStaffSession, refreshStaffSession, signIn, signOut, type StaffSession } from './staff-session';
export { SetPasswordPage } from './set-password-page';
export { NoAccess, SessionLoading, SessionStarting, SessionUnavailable, useSignOut } from './session-states';
