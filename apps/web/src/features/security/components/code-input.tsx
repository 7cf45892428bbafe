/** The 6-digit authenticator code field: digits only, the phone's number pad, and the one-time-code autofill. */
import { forwardRef } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

export const CodeInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }>(
  function CodeInput({ value, onChange, ...props }, ref) {
    return (
      <TextInput
        ref={ref}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
        maw={220}
        {...props}
      />
    );
  },
);
