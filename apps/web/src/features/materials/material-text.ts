import { keyText } from '../../ui/key-text';

/**
 * A materials text in the reader's language: the shared schemas and the server speak keys
 * (`materials.<name>`, in the staff catalogue). Any other text is shown as it came.
 */
export const materialText = (message: string): string => keyText(message) ?? message;
