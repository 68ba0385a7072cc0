/** The union member a service answered (values without a tag are the changed record itself). */
export function memberOf<T extends string>(result: object, record: T): T {
  return '__typename' in result && typeof result.__typename === 'string' ? (result.__typename as T) : record;
}
