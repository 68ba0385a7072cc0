import { GraphQLError } from 'graphql';

/** Typed errors for programs (extensions.code) with Spanish messages for people. */
export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });
}

export function unauthenticated(message = 'Debes iniciar sesión para continuar.'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

/** `reason` tells programs why: ROLE (the role lacks the permission), NOT_STAFF, DISABLED. */
export function forbidden(
  message = 'No tienes acceso al panel.',
  reason?: 'ROLE' | 'NOT_STAFF' | 'DISABLED',
): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'FORBIDDEN', ...(reason ? { reason } : {}), http: { status: 403 } },
  });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}
