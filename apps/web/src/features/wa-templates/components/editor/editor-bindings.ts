/** What every section of the editor gets: the form, a way to change it, and its messages. */
import type { ReactNode } from 'react';
import type { ConsoleTemplatePayload } from '@pesan/contracts/wa-template-console';
import type { EditorState, FieldKey } from './editor-state.ts';

export interface EditorBindings {
  state: EditorState;
  /** Changes the form; the `touched` fields now show their messages (and lose a server message). */
  update: (fn: (s: EditorState) => EditorState, ...touched: FieldKey[]) => void;
  /** The message(s) shown on a field, or undefined. */
  error: (key: FieldKey) => ReactNode | undefined;
  /** The canonical payload of the form (for defaults derived from it, such as the opt-out footer). */
  payload?: ConsoleTemplatePayload;
  /** Disables every input (while saving). */
  disabled?: boolean;
}
