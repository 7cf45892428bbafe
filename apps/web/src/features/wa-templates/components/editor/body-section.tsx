/**
 * The body of a template (templates-dashboard-reports.md §2.4 body tools, §5.3 body 1024
 * characters): bold, italic, strikethrough and monospace wrap the selection (or insert
 * 'fill-text'), an emoji or a variable goes in at the caret (not at 1024 characters or more), the
 * variable format switch (numbered {{1}} or named {{name}}), a sample per variable and the counter.
 */
import { useRef, type ReactNode } from 'react';
import { ActionIcon, Group, SegmentedControl, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconBold, IconCode, IconItalic, IconStrikethrough } from '@tabler/icons-react';
import { WA_TEMPLATE_LIMITS as L, type ParameterFormat } from '@pesan/contracts/wa-template-model';
import { canInsertVariable, nextPositionalVariable } from '@pesan/contracts/wa-template-variables';
import type { EditorBindings } from './editor-bindings.ts';
import { switchParameterFormat } from './editor-state.ts';
import { EmojiPicker } from './emoji-picker.tsx';
import { AddVariableButton, BELOW, Counter, SampleFields, Section } from './fields.tsx';
import { applyFormat, insertAtCaret, type TextEdit, type TextFormat } from './text-tools.ts';

const TOOLS: { format: TextFormat; label: string; icon: ReactNode }[] = [
  { format: 'bold', label: 'Bold', icon: <IconBold size={18} aria-hidden /> },
  { format: 'italic', label: 'Italic', icon: <IconItalic size={18} aria-hidden /> },
  { format: 'strike', label: 'Strikethrough', icon: <IconStrikethrough size={18} aria-hidden /> },
  { format: 'mono', label: 'Monospace', icon: <IconCode size={18} aria-hidden /> },
];

export function BodySection({ state, update, error, disabled }: EditorBindings) {
  const area = useRef<HTMLTextAreaElement>(null);
  const full = !canInsertVariable(state.body);
  const apply = (edit: TextEdit | null) => {
    if (!edit) return;
    update((s) => ({ ...s, body: edit.text }), 'body');
    requestAnimationFrame(() => {
      const el = area.current;
      el?.focus();
      el?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  const selection = () => {
    const el = area.current;
    return { start: el?.selectionStart ?? state.body.length, end: el?.selectionEnd ?? state.body.length };
  };
  return (
    <Section
      id="body"
      title="Body"
      description="The text of the message. WhatsApp formatting works: *bold*, _italic_, ~strikethrough~ and ```monospace```."
      actions={
        <SegmentedControl
          aria-label="Variable format"
          size="xs"
          data={[
            { value: 'POSITIONAL', label: 'Number {{1}}' },
            { value: 'NAMED', label: 'Name {{name}}' },
          ]}
          value={state.parameterFormat}
          disabled={disabled}
          onChange={(v) => update((s) => switchParameterFormat(s, v as ParameterFormat), 'body')}
        />
      }
    >
      <Stack gap={6}>
        <Group gap={4} justify="space-between" wrap="wrap" role="toolbar" aria-label="Body tools">
          <Group gap={2}>
            {TOOLS.map((t) => (
              <Tooltip key={t.format} label={t.label}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t.label}
                  disabled={disabled}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    const { start, end } = selection();
                    apply(applyFormat(state.body, start, end, t.format));
                  }}
                >
                  {t.icon}
                </ActionIcon>
              </Tooltip>
            ))}
            <EmojiPicker disabled={disabled || full} onPick={(emoji) => apply(insertAtCaret(state.body, selection().start, emoji))} />
          </Group>
          <AddVariableButton
            format={state.parameterFormat}
            nextPositional={nextPositionalVariable(state.body)}
            disabled={disabled || full}
            onInsert={(token) => apply(insertAtCaret(state.body, selection().start, token))}
            label="Add variable to body"
          />
        </Group>
        <Textarea
          ref={area}
          label="Body text"
          placeholder="Hello {{1}}, your order is on its way."
          autosize
          minRows={5}
          maxRows={16}
          maxLength={4096}
          value={state.body}
          disabled={disabled}
          onChange={(e) => {
            const v = e.currentTarget.value;
            update((s) => ({ ...s, body: v }), 'body');
          }}
          inputWrapperOrder={BELOW}
          description={<Counter value={state.body} max={L.body} hint={full ? 'Variables and emoji can be added only under 1024 characters.' : undefined} />}
          error={error('body')}
        />
      </Stack>
      <SampleFields
        where="Body"
        text={state.body}
        samples={state.bodySamples}
        onChange={(name, value) => update((s) => ({ ...s, bodySamples: { ...s.bodySamples, [name]: value } }), `body.sample:${name}`)}
        error={(name) => error(`body.sample:${name}`)}
      />
      {state.parameterFormat === 'NAMED' ? (
        <Text size="xs" c="gray.7">
          Named variables are sent by name: {'{{first_name}}'} takes the parameter first_name.
        </Text>
      ) : null}
    </Section>
  );
}
