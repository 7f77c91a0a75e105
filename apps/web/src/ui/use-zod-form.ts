import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';

/**
 * A form checked by a zod schema (SPEC §5: each field validates when it loses focus, unless `mode`
 * says otherwise). The fields hold the schema's input; submit hands over its parsed output.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.core.$ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({ mode: 'onBlur', ...options, resolver: zodResolver(schema) });
}
