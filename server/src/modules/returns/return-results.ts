import type { NotFound, ValidationErrors } from '../../common/results.js';
import type { ReturnRequestEntity } from './return-request.entity.js';

export type ReturnNotAllowed = { __typename: 'ReturnNotAllowed'; message: string };
export type TaggedReturn = ReturnRequestEntity & { __typename: 'ReturnRequest' };
export type ReturnResult = TaggedReturn | ValidationErrors | ReturnNotAllowed | NotFound;

export const notAllowed = (message: string): ReturnNotAllowed => ({ __typename: 'ReturnNotAllowed', message });
export const tagReturn = (r: ReturnRequestEntity): TaggedReturn =>
  Object.assign(r, { __typename: 'ReturnRequest' as const });
