/**
 * Account Settings (console.md §2 /profile/edit-profile, §5, §8): avatar (Dropzone: JPEG, PNG or
 * WebP up to 2 MB, checked here too), Full Name ('Fullname is required'), read-only Email and
 * Phone Number. Save uploads a new avatar first, then PUTs the user; on success the message
 * 'Your User data has been succesfully changed, please re-login' and `onSaved` (page reload).
 */
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm, schemaResolver } from '@mantine/form';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, updateUserSchema, type User } from '@pesan/contracts/auth';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import { ShellAvatar } from '../../../components/layouts/shell-avatar.tsx';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useUploadImage } from '../api/upload-image.ts';
import { checkImage } from '../utils/check-image.ts';

export function EditProfileForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: user.fullName },
    validate: schemaResolver(updateUserSchema.pick({ fullName: true }), { sync: true }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);
  const upload = useUploadImage();
  const update = useUpdateUser();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (files: File[]) => {
    const f = files[0];
    if (!f) return;
    const problem = checkImage(f);
    setFileError(problem);
    setFile(problem ? null : f);
  };
  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setFileError(code === 'file-too-large' ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.unsupported);
    setFile(null);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const avatar = file ? await upload.mutateAsync(file) : user.avatar;
      const res = await update.mutateAsync({ id: user.id, fullName: values.fullName.trim(), avatar });
      toastSuccess(res.message ?? AUTH_MESSAGES.profileUpdated);
      onSaved();
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
              <img src={preview} alt="New avatar preview" width={72} height={72} style={{ borderRadius: '50%', objectFit: 'cover' }} />
            ) : (
              <ShellAvatar fullName={user.fullName} email={user.email} avatar={user.avatar} size={72} />
            )}
            <Dropzone
              onDrop={pick}
              onReject={reject}
              accept={[...UPLOAD_LIMITS.mimeTypes]}
              maxSize={UPLOAD_LIMITS.maxBytes}
              maxFiles={1}
              multiple={false}
              openRef={openRef}
              activateOnClick={false}
              activateOnKeyboard={false}
              inputProps={{ 'aria-label': 'Upload avatar' }}
              style={{ flex: '1 1 200px' }}
              p="sm"
            >
              <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={28} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Idle>
                  <IconPhoto size={28} aria-hidden />
                </Dropzone.Idle>
                <div>
                  <Text size="sm" fw={500}>
                    Drag an image here
                  </Text>
                  <Text size="xs" c="gray.7">
                    JPEG, PNG or WebP, up to 2 MB
                  </Text>
                </div>
              </Group>
            </Dropzone>
            <Button variant="default" onClick={() => openRef.current?.()}>
              Choose image
            </Button>
          </Group>
          {file && (
            <Text size="sm" mt="xs" c="gray.8">
              Selected: {file.name}
            </Text>
          )}
          {fileError && (
            <Text size="sm" mt="xs" c="red.8" role="alert">
              {fileError}
            </Text>
          )}
        </Paper>
        <TextInput label="Full Name" autoComplete="name" {...form.getInputProps('fullName')} />
        <TextInput label="Email" value={user.email} readOnly variant="filled" />
        <TextInput label="Phone Number" value={user.phoneNumber} readOnly variant="filled" />
        <Group justify="space-between">
          <Anchor component={Link} to="/profile/change-password" fw={600} size="sm">
            Change Password
          </Anchor>
          <Button type="submit" loading={upload.isPending || update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
