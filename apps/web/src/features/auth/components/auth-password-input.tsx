/** Password input whose show/hide toggle is a named, focusable button ('Show password' / 'Hide password'). */
import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export function AuthPasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password' }}
    />
  );
}
