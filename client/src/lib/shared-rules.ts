import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that validates with a shared (#shared) schema, the very rules and
 * Spanish messages the server applies: `fromForm` turns what the inputs hold (text such as
 * `85.000` or a Bogotá date) into the schema's input first. Form field names follow the schema's
 * paths, so each message lands on its field.
 */
export function sharedRules<FormValues extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  fromForm: (values: FormValues) => unknown,
): Resolver<FormValues, unknown, Output> {
  const rules = z.preprocess((values) => fromForm(values as FormValues), schema) as unknown as z.ZodType<
    Output,
    FormValues
  >;
  return zodResolver(rules) as unknown as Resolver<FormValues, unknown, Output>;
}
