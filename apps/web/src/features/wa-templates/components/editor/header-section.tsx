/**
 * The header of a template (templates-dashboard-reports.md §2.4 "Header choices: None, Media,
 * Text", media subtypes image, video, document and location; §5.3 header text 60 characters; one
 * variable at most): changing the choice clears the header's content. A media header's sample is
 * an uploaded file (§5.4: JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB).
 */
import { useRef } from 'react';
import { Alert, Button, FileButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { WA_TEMPLATE_LIMITS as L } from '@pesan/contracts/wa-template-model';
import { nextPositionalVariable, variableNames } from '@pesan/contracts/wa-template-variables';
import { ApiError } from '../../../../lib/api-client.ts';
import { currentLocale } from '../../../../lib/i18n.ts';
import { TEMPLATE_MEDIA_LIMITS, TemplateMediaError, useUploadTemplateMedia } from '../../api/upload-template-media.ts';
import type { EditorBindings } from './editor-bindings.ts';
import type { HeaderKind, MediaKind } from './editor-state.ts';
import { AddVariableButton, BELOW, Counter, SampleFields, Section } from './fields.tsx';
import { insertAtCaret } from './text-tools.ts';

/** Header choices and media kinds; their labels are `header.kind.<value>` and `header.media.<value>`. */
const HEADER_KINDS: HeaderKind[] = ['none', 'text', 'media', 'location'];
const MEDIA_KINDS: MediaKind[] = ['image', 'video', 'document'];

/** '1.5 MB' or '12 KB', with the interface language's decimal mark. */
function sizeLabel(bytes: number | undefined, t: TFunction<'wa-template-editor'>): string {
  if (bytes === undefined) return '';
  if (bytes >= 1024 * 1024) {
    const size = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(bytes / 1024 / 1024);
    return t('header.sizeMb', { size });
  }
  return t('header.sizeKb', { size: String(Math.max(1, Math.round(bytes / 1024))) });
}

function MediaUpload({ state, update, error, disabled }: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
  const upload = useUploadTemplateMedia();
  const kind = state.mediaKind;
  const limits = TEMPLATE_MEDIA_LIMITS[kind];
  const pick = async (file: File | null) => {
    if (!file) return;
    upload.reset();
    try {
      const res = await upload.mutateAsync({ file, kind });
      update((s) => (s.mediaKind === kind ? { ...s, media: { handle: res.handle, url: res.url, name: file.name, size: file.size } } : s), 'header.media');
    } catch {
      /* shown below from upload.error */
    }
  };
  const uploadError =
    upload.error instanceof TemplateMediaError || upload.error instanceof ApiError ? upload.error.message : upload.error ? t('header.uploadFailed') : undefined;
  const fieldError = error('header.media');
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7" id="header-media-hint">
        {t(`header.mediaHint.${kind}`)}
      </Text>
      {state.media ? (
        <Group gap="xs" wrap="nowrap" p="xs" bg="gray.0" style={{ borderRadius: 8 }}>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {state.media.name ?? t('header.uploadedSample')}
            </Text>
            {state.media.size !== undefined ? (
              <Text size="xs" c="gray.7">
                {sizeLabel(state.media.size, t)}
              </Text>
            ) : null}
          </Stack>
          <FileButton onChange={(f) => void pick(f)} accept={limits.accept} disabled={disabled || upload.isPending}>
            {(props) => (
              <Button {...props} size="xs" variant="default" loading={upload.isPending}>
                {t('header.replace')}
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => update((s) => ({ ...s, media: null }), 'header.media')}
            disabled={disabled}
          >
            {t('header.remove')}
          </Button>
        </Group>
      ) : (
        <FileButton onChange={(f) => void pick(f)} accept={limits.accept} disabled={disabled || upload.isPending}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} aria-describedby="header-media-hint" w="fit-content">
              {t(`header.upload.${kind}`)}
            </Button>
          )}
        </FileButton>
      )}
      {uploadError || fieldError ? (
        <Text size="sm" c="red.8" role="alert">
          {uploadError ?? fieldError}
        </Text>
      ) : null}
    </Stack>
  );
}

export function HeaderSection(props: EditorBindings) {
  const { t } = useTranslation('wa-template-editor');
  const { state, update, error, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const headerVars = variableNames(state.headerText).length;
  const insert = (token: string) => {
    const el = input.current;
    const caret = el?.selectionStart ?? state.headerText.length;
    const edit = insertAtCaret(state.headerText, caret, token);
    if (!edit) return;
    update((s) => ({ ...s, headerText: edit.text }), 'header.text');
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  return (
    <Section id="header" title={t('header.title')} description={t('header.description')}>
      <SegmentedControl
        aria-label={t('header.type')}
        data={HEADER_KINDS.map((value) => ({ value, label: t(`header.kind.${value}`) }))}
        value={state.headerKind}
        disabled={disabled}
        fullWidth
        // Changing the header choice clears its content (§2.4).
        onChange={(v) => update((s) => ({ ...s, headerKind: v as HeaderKind, headerText: '', headerSamples: {}, media: null }), 'header')}
      />
      {error('header') ? (
        <Text size="sm" c="red.8">
          {error('header')}
        </Text>
      ) : null}
      {state.headerKind === 'text' ? (
        <Stack gap="xs">
          <TextInput
            ref={input}
            label={t('header.text')}
            value={state.headerText}
            maxLength={4096}
            disabled={disabled}
            onChange={(e) => {
              const v = e.currentTarget.value;
              update((s) => ({ ...s, headerText: v }), 'header.text');
            }}
            inputWrapperOrder={BELOW}
            description={<Counter value={state.headerText} max={L.headerText} hint={t('header.textHint')} />}
            error={error('header.text')}
          />
          <Group justify="flex-end">
            <AddVariableButton
              format={state.parameterFormat}
              nextPositional={nextPositionalVariable(state.headerText)}
              onInsert={insert}
              disabled={disabled || headerVars >= L.headerVariables}
              label={t('header.addVariable')}
            />
          </Group>
          <SampleFields
            where="Header"
            text={state.headerText}
            samples={state.headerSamples}
            onChange={(name, value) => update((s) => ({ ...s, headerSamples: { ...s.headerSamples, [name]: value } }), `header.sample:${name}`)}
            error={(name) => error(`header.sample:${name}`)}
          />
        </Stack>
      ) : null}
      {state.headerKind === 'media' ? (
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('header.mediaType')}
            data={MEDIA_KINDS.map((value) => ({ value, label: t(`header.media.${value}`) }))}
            value={state.mediaKind}
            disabled={disabled}
            onChange={(v) => update((s) => ({ ...s, mediaKind: v as MediaKind, media: null }), 'header')}
          />
          <MediaUpload {...props} />
        </Stack>
      ) : null}
      {state.headerKind === 'location' ? (
        <Alert color="blue" variant="light" p="xs">
          {t('header.location')}
        </Alert>
      ) : null}
    </Section>
  );
}
