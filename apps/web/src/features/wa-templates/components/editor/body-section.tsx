/**
 * The body of a template (templates-dashboard-reports.md §2.4 body tools, §5.3 body 1024
 * characters): bold, italic, strikethrough and monospace wrap the selection (or insert
 * 'fill-text'), an emoji or a variable goes in at the caret (not at 1024 characters or more), the
 * variable format switch (numbered {{1}} or named {{name}}), a sample per variable and the counter.
 */
import { useRef, type ReactNode } from 'react';
import { ActionIcon, Group, SegmentedControl, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconBold, IconCode, IconItalic, IconStrikethrough } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_LIMITS as L, type ParameterFormat } from '@pesan/contracts/wa-template-model';
import { canInsertVariable, nextPositionalVariable } from '@pesan/contracts/wa-template-variables';
import type { EditorBindings } from './editor-bindings.ts';
import { switchParameterFormat } from './editor-state.ts';
import { EmojiPicker } from './emoji-picker.tsx';
import { AddVariableButton, BELOW, Counter, SampleFields, Section } from './fields.tsx';
import { applyFormat, insertAtCaret, type TextEdit, type TextFormat } from './text-tools.ts';

/** The formatting tools; each one's name is `body.tool.<format>` in the catalogue. */
const TOOLS: { format: TextFormat; icon: ReactNode }[] = [
  { format: 'bold', icon: <IconBold size={18} aria-hidden /> },
  { format: 'italic', icon: <IconItalic size={18} aria-hidden /> },
  { format: 'strike', icon: <IconStrikethrough size={18} aria-hidden /> },
  { format: 'mono', icon: <IconCode size={18} aria-hidden /> },
];

export function BodySection({ state, update, error, disabled }: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
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
      title={t('body.title')}
      description={t('body.description')}
      actions={
        <SegmentedControl
          aria-label={t('body.variableFormat')}
          size="xs"
          data={[
            { value: 'POSITIONAL', label: t('body.formatNumber', { token: '{{1}}' }) },
            { value: 'NAMED', label: t('body.formatName', { token: '{{name}}' }) },
          ]}
          value={state.parameterFormat}
          disabled={disabled}
          onChange={(v) => update((s) => switchParameterFormat(s, v as ParameterFormat), 'body')}
        />
      }
    >
      <Stack gap={6}>
        <Group gap={4} justify="space-between" wrap="wrap" role="toolbar" aria-label={t('body.tools')}>
          <Group gap={2}>
            {TOOLS.map((tool) => (
              <Tooltip key={tool.format} label={t(`body.tool.${tool.format}`)}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t(`body.tool.${tool.format}`)}
                  disabled={disabled}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    const { start, end } = selection();
                    apply(applyFormat(state.body, start, end, tool.format));
                  }}
                >
                  {tool.icon}
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
            label={t('body.addVariable')}
          />
        </Group>
        <Textarea
          ref={area}
          label={t('body.text')}
          placeholder={t('body.placeholder', { token: '{{1}}' })}
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
          description={<Counter value={state.body} max={L.body} hint={full ? t('body.fullHint') : undefined} />}
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
          {t('body.namedNote', { token: '{{first_name}}' })}
        </Text>
      ) : null}
    </Section>
  );
}
