import { useInputState } from '@mantine/hooks';

/**
 * A text field's state as the props the field takes, spread on it as react-hook-form's `register` is:
 * `<TextInput {...field} />`. `field.value` is the text; `field.onChange` takes the field's change
 * event or a new text (a file's, say).
 */
export function useTextField(initial: string) {
  const [value, onChange] = useInputState(initial);
  return { value, onChange };
}

export type TextField = ReturnType<typeof useTextField>;
