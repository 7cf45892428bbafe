/** Password input whose show/hide toggle is a named, focusable button ('Show password' / 'Hide password'). */
import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AuthPasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('passwordInput.hide') : t('passwordInput.show') }}
    />
  );
}
