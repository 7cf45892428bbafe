/**
 * Account Settings (console.md §2 /profile/edit-profile, §5, §8): avatar (a drop area or 'Choose
 * image': JPEG, PNG or WebP up to 2 MB, checked here too), Full Name ('Fullname is required'),
 * read-only Email and Phone Number, and Language (ARCHITECTURE.md §10: 'English' / 'Bahasa
 * Indonesia', each named in its own language; starts at the saved language, else the interface
 * language, and follows the header switch until the user picks one here). Save uploads a new avatar
 * first, then PUTs the user with the language; on success the interface switches to that language,
 * the message 'Your User data has been succesfully changed, please re-login' shows and `onSaved`
 * gets the saved language (the page puts it in the session, then reloads). Picking a language
 * changes nothing until Save. Save stays disabled until something changes.
 *
 * The avatar picker is Mantine core's FileButton plus native drag-and-drop (no @mantine/dropzone,
 * which needs Node 22 while `engines` says Node 20.19, issue 7 item 9).
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import { Anchor, Box, Button, FileButton, Group, Input, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, UI_LANGUAGES, updateUserSchema, type UiLanguage, type User } from '@pesan/contracts/auth';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import { ShellAvatar } from '../../../components/layouts/shell-avatar.tsx';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { LANGUAGE_NAMES } from '../../../components/layouts/language-switch.tsx';
import { currentLanguage, localizeMessage, setUiLanguage } from '../../../lib/i18n.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUploadImage } from '../api/upload-image.ts';
import { checkImage } from '../utils/check-image.ts';
import { submitForm } from '../../../lib/form-submit.ts';

type DragState = 'idle' | 'accept' | 'reject';

const hasFiles = (e: { dataTransfer: DataTransfer | null }) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * What a drag over the drop area would give: 'accept' for one file of an accepted type, 'reject'
 * otherwise. Sizes are not known until the drop; an unknown type (some browsers) counts as accepted.
 */
function dragStateOf(dataTransfer: DataTransfer | null): DragState {
  const files = Array.from(dataTransfer?.items ?? []).filter((item) => item.kind === 'file');
  if (files.length > 1) return 'reject';
  const type = files[0]?.type;
  return !type || (UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(type) ? 'accept' : 'reject';
}

/** The drop area's look: a dashed box that turns the primary (or red) light colour while dragging. */
function dropAreaStyle(drag: DragState): CSSProperties {
  const tint =
    drag === 'accept'
      ? { bg: 'var(--mantine-primary-color-light)', fg: 'var(--mantine-primary-color-light-color)' }
      : drag === 'reject'
        ? { bg: 'var(--mantine-color-red-light)', fg: 'var(--mantine-color-red-light-color)' }
        : null;
  return {
    flex: '1 1 200px',
    border: '1px dashed',
    borderRadius: 'var(--mantine-radius-default)',
    borderColor: tint?.bg ?? 'var(--mantine-color-default-border)',
    backgroundColor: tint?.bg ?? 'var(--mantine-color-body)',
    color: tint?.fg ?? 'var(--mantine-color-text)',
    userSelect: 'none',
    transition: 'background-color 100ms ease, border-color 100ms ease',
  };
}

/** What a successful save reports to the page. */
export interface SavedProfile {
  language: UiLanguage;
}

export function EditProfileForm({ user, onSaved }: { user: User; onSaved: (saved: SavedProfile) => void }) {
  const { t, i18n } = useTranslation('profile');
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: user.fullName },
    validate: localizedSchemaResolver(updateUserSchema.pick({ fullName: true })),
  });
  useFormLanguage(form);
  const languageLabelId = useId();
  const [language, setLanguage] = useState<UiLanguage>(user.language ?? currentLanguage());
  const [languagePicked, setLanguagePicked] = useState(false);
  // Until the user picks a language here, the field follows the interface language (the header
  // switch, or the saved language being applied after the page loaded).
  const shownLanguage = useRef(i18n.language);
  useEffect(() => {
    if (shownLanguage.current === i18n.language) return;
    shownLanguage.current = i18n.language;
    if (!languagePicked) setLanguage(currentLanguage());
  }, [i18n.language, languagePicked]);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [drag, setDrag] = useState<DragState>('idle');
  const dropAreaRef = useRef<HTMLDivElement>(null);
  const resetRef = useRef<() => void>(null);
  const upload = useUploadImage();
  const update = useUpdateUser();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // A file dropped next to the drop area must not make the browser leave the page (and the form).
  useEffect(() => {
    const outside = (e: globalThis.DragEvent) => {
      if (hasFiles(e) && !dropAreaRef.current?.contains(e.target as Node)) e.preventDefault();
    };
    document.addEventListener('dragover', outside);
    document.addEventListener('drop', outside);
    return () => {
      document.removeEventListener('dragover', outside);
      document.removeEventListener('drop', outside);
    };
  }, []);

  /** One image, or the message for what was picked or dropped (several files count as unsupported). */
  const pick = (files: File[]) => {
    const f = files[0];
    if (!f) return;
    const problem = files.length > 1 ? UPLOAD_MESSAGES.unsupported : checkImage(f);
    setFileError(problem);
    setFile(problem ? null : f);
  };

  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDrag(dragStateOf(e.dataTransfer));
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDrag('idle');
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    setDrag('idle');
    pick(Array.from(e.dataTransfer.files));
  };

  // Save stays disabled until something changes (issue 23 item 18): the name, a new image, or a
  // language picked here that differs from the saved one.
  const changed = form.values.fullName.trim() !== user.fullName || file !== null || (languagePicked && language !== user.language);

  const submit = submitForm(form, async (values) => {
    try {
      const avatar = file ? await upload.mutateAsync(file) : user.avatar;
      const res = await update.mutateAsync({ id: user.id, fullName: values.fullName.trim(), avatar, language });
      await setUiLanguage(language);
      // After the switch, so a known message shows in the language just chosen.
      toastSuccess(localizeMessage(res.message ?? AUTH_MESSAGES.profileUpdated));
      onSaved({ language });
    } catch (err) {
      if (!applyFieldErrors(err, form.setFieldError, ['fullName'])) {
        if (file && upload.isError) setFileError((err as Error).message);
        toastApiError(err);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={560}>
        <Paper withBorder p="md" radius="md">
          <Group gap="md" wrap="wrap" align="center">
            {preview ? (
              <img src={preview} alt={t('editProfile.avatarPreview')} width={72} height={72} style={{ borderRadius: '50%', objectFit: 'cover' }} />
            ) : (
              <ShellAvatar fullName={user.fullName} email={user.email} avatar={user.avatar} size={72} />
            )}
            <Box
              ref={dropAreaRef}
              p="sm"
              style={dropAreaStyle(drag)}
              data-accept={drag === 'accept' || undefined}
              data-reject={drag === 'reject' || undefined}
              onDragEnter={onDragOver}
              onDragOver={onDragOver}
              onDragLeave={onDragLeave}
              onDrop={onDrop}
            >
              <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                {drag === 'accept' && <IconUpload size={28} aria-hidden />}
                {drag === 'idle' && <IconPhoto size={28} aria-hidden />}
                <div>
                  <Text size="sm" fw={500}>
                    {t('editProfile.dropHere')}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('editProfile.fileHint')}
                  </Text>
                </div>
              </Group>
            </Box>
            <FileButton
              onChange={(f) => pick(f ? [f] : [])}
              accept={UPLOAD_LIMITS.mimeTypes.join(',')}
              resetRef={resetRef}
              inputProps={{ 'aria-label': t('editProfile.uploadAvatar') }}
            >
              {({ onClick }) => (
                <Button
                  variant="default"
                  onClick={() => {
                    // Cleared first, so choosing the same file again (say after fixing it) still counts.
                    resetRef.current?.();
                    onClick();
                  }}
                >
                  {t('editProfile.chooseImage')}
                </Button>
              )}
            </FileButton>
          </Group>
          {file && (
            <Text size="sm" mt="xs" c="gray.8">
              {t('editProfile.selectedFile', { name: file.name })}
            </Text>
          )}
          {fileError && (
            <Text size="sm" mt="xs" c="red.8" role="alert">
              {localizeMessage(fileError)}
            </Text>
          )}
        </Paper>
        <TextInput label={t('editProfile.fullName')} autoComplete="name" {...form.getInputProps('fullName')} />
        <TextInput label={t('editProfile.email')} value={user.email} readOnly variant="filled" />
        <TextInput label={t('editProfile.phoneNumber')} value={user.phoneNumber} readOnly variant="filled" />
        <Input.Wrapper label={t('editProfile.language')} labelElement="div" labelProps={{ id: languageLabelId }}>
          <div>
            <SegmentedControl
              aria-labelledby={languageLabelId}
              value={language}
              onChange={(v) => {
                setLanguage(v as UiLanguage);
                setLanguagePicked(true);
              }}
              data={UI_LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
            />
          </div>
        </Input.Wrapper>
        <Group justify="space-between">
          <Anchor component={Link} to="/profile/change-password" fw={600} size="sm">
            {t('editProfile.changePassword')}
          </Anchor>
          <Button type="submit" loading={upload.isPending || update.isPending} disabled={!changed}>
            {t('editProfile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
