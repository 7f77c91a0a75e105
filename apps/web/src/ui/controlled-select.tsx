import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { keyText } from './key-text';

type ControlledSelectProps<T extends FieldValues> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: Path<T>;
  // biome-ignore lint/suspicious/noExplicitAny: the form's parsed output type does not matter here.
  control: Control<T, unknown, any>;
};

/** A Select bound to a text field of a form: '' when nothing is picked, the field's error below it. */
export function ControlledSelect<T extends FieldValues>({
  name,
  control,
  ...select
}: ControlledSelectProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          allowDeselect={false}
          {...select}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={keyText(fieldState.error?.message)}
        />
      )}
    />
  );
}
